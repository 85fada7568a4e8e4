import type {
  GuestBranding,
  GuestEntrypoint,
  GuestReceiver,
} from '../../../shared/api/entrypoints';
import {
  DEFAULT_BRANDING_COLORS,
  DEFAULT_THANK_YOU_MESSAGE,
} from '../../../shared/domain/constants';
import { receiverNote } from '../../../shared/domain/team-split';
import { routeTip } from '../../../shared/domain/tip-route';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';
import { GUEST_CATALOGUES } from '../../../shared/i18n/guest-server';
import { catalogueInTonality } from '../../../shared/i18n/guest-tonality';
import type { PaymentProviderName } from '../../../shared/domain/tips';
import type { BrandingRow, ResolvedCode } from './resolve';

export function presentBranding(row: BrandingRow | null, businessName: string): GuestBranding {
  return {
    primaryColor: row?.primaryColor ?? DEFAULT_BRANDING_COLORS.primary,
    secondaryColor: row?.secondaryColor ?? DEFAULT_BRANDING_COLORS.secondary,
    accentColor: row?.accentColor ?? DEFAULT_BRANDING_COLORS.accent,
    fontFamily: (row?.fontFamily ?? 'Fira Sans') as GuestBranding['fontFamily'],
    logoUrl: row?.logoUrl ?? null,
    companyName: row?.companyName ?? businessName,
    language: (row?.language ?? 'de') as GuestBranding['language'],
    tonality: row?.tonality ?? 'friendly',
    backgroundImageUrl: row?.backgroundImageUrl ?? null,
  };
}

/** Who the guest sees on the header card: the person, the team, or the object and its business. */
export function presentRecipient(resolved: ResolvedCode): {
  displayName: string;
  jobTitle: string | null;
  avatarUrl: string | null;
  thankYouMessage: string;
} {
  const businessThanks = resolved.branding?.thankYouMessage ?? DEFAULT_THANK_YOU_MESSAGE;
  if (resolved.employee) {
    return {
      displayName: resolved.employee.fullName ?? resolved.label ?? '',
      jobTitle: resolved.employee.jobTitle,
      avatarUrl: resolved.employee.profileImageUrl,
      thankYouMessage: resolved.employee.thankYouMessage,
    };
  }
  if (resolved.team) {
    return {
      // The 'Bezeichnung' is what guests see (the payment point form says so), else the team.
      displayName: resolved.label ?? resolved.team.name,
      jobTitle: resolved.team.description ?? resolved.metadata.department ?? null,
      avatarUrl: resolved.branding?.logoUrl ?? null,
      thankYouMessage: businessThanks,
    };
  }
  return {
    displayName: resolved.label ?? resolved.metadata.name ?? resolved.business.name,
    jobTitle: resolved.business.name,
    avatarUrl: resolved.branding?.logoUrl ?? null,
    thankYouMessage: businessThanks,
  };
}

/**
 * Who receives a tip through this code, said before paying: the first
 * names on shift at an object, else its team (the team on shift today, or all of it), else the
 * business; a team point says how it is split. Null for a person, whose name is on the card.
 */
export function guestReceiver(resolved: ResolvedCode): GuestReceiver | null {
  if (resolved.employee) return null;
  const names = resolved.type === 'object' ? (resolved.onShiftNames ?? []) : [];
  const onShift = resolved.teamOnShift ?? 0;
  const route = routeTip({
    person: false,
    objectPoint: resolved.type === 'object',
    atPoint: names.length,
    team: resolved.team ? { onShift, members: resolved.teamMemberCount ?? 0 } : null,
  });
  const businessName = resolved.business.name;
  switch (route) {
    case 'people-at-point':
      return { kind: 'object', businessName, onShiftNames: names };
    case 'team-on-shift':
    case 'team-members':
      return {
        kind: 'team',
        rule: resolved.team!.splitRule,
        members: route === 'team-on-shift' ? onShift : (resolved.teamMemberCount ?? 0),
        onShift: route === 'team-on-shift',
      };
    default:
      return { kind: 'pool', businessName };
  }
}

/** The guest-safe view of a code: built field by field, so no internal column can slip through. */
export function presentGuestEntrypoint(
  resolved: ResolvedCode,
  paymentProvider: PaymentProviderName,
  /** The guest's language: the receiver note is said in it. */
  locale: GuestLocale = 'de',
): GuestEntrypoint {
  const receiver = guestReceiver(resolved);
  const branding = presentBranding(resolved.branding, resolved.business.name);
  // Said in the business's tonality, as the browser says it again (decision 0467).
  const words = catalogueInTonality(GUEST_CATALOGUES[locale], branding.tonality).first.receiver;
  return {
    code: resolved.code,
    source: resolved.source,
    type: resolved.type,
    ...presentRecipient(resolved),
    businessName: resolved.business.name,
    receiverNote: receiver ? receiverNote(receiver, words) : null,
    receiver,
    branding,
    paymentProvider,
  };
}
