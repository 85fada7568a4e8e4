import { DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { firstNameOf } from '../../../shared/domain/shifts';
import type { EntrypointType } from '../../../shared/domain/tips';
import type { TipRow } from './lifecycle';
import type { TipRecipientFacts } from './queries';

export interface TipRecipientView {
  type: EntrypointType;
  displayName: string;
  jobTitle: string | null;
  imageUrl: string | null;
  thankYouMessage: string;
}

/** Who a tip went to, as a guest may see it (no e-mail, no payout account). */
export function presentTipRecipient(
  facts: TipRecipientFacts,
  tip: Pick<TipRow, 'entrypointUid'>,
): { recipient: TipRecipientView; businessName: string; code: string | null } {
  const { businessName, entrypoint, person, team } = facts;
  const businessThanks = facts.branding?.thankYouMessage ?? DEFAULT_THANK_YOU_MESSAGE;
  const logo = facts.branding?.logoUrl ?? null;
  const code = entrypoint?.uid ?? tip.entrypointUid ?? null;
  if (person) {
    return {
      recipient: {
        type: 'person',
        displayName: person.fullName ?? entrypoint?.label ?? businessName,
        jobTitle: person.jobTitle,
        imageUrl: person.imageUrl,
        thankYouMessage: person.thankYouMessage,
      },
      businessName,
      code,
    };
  }
  // An object point's tip that went to the one person on shift there names that person, as the
  // page said before paying; the point's label is where, not who.
  if (entrypoint?.type === 'object' && facts.soleSharer) {
    return {
      recipient: {
        type: 'object',
        displayName: firstNameOf(facts.soleSharer) ?? facts.soleSharer,
        jobTitle: businessName,
        imageUrl: logo,
        thankYouMessage: businessThanks,
      },
      businessName,
      code,
    };
  }
  if (team) {
    return {
      recipient: {
        type: 'team',
        displayName: team.name,
        jobTitle: team.description,
        imageUrl: logo,
        thankYouMessage: businessThanks,
      },
      businessName,
      code,
    };
  }
  // Split among several without a team, or waiting in the pool: the business receives it.
  return {
    recipient: {
      type: 'object',
      displayName: businessName,
      jobTitle: businessName,
      imageUrl: logo,
      thankYouMessage: businessThanks,
    },
    businessName,
    code,
  };
}
