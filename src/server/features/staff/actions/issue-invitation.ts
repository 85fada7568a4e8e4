import { MAGIC_LINK_QUERY_PARAM } from '../../../../shared/api/auth';
import { INVITATION_TTL_MS } from '../../../../shared/domain/constants';
import { DEFAULT_STAFF_LANGUAGE } from '../../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../../shared/i18n/staff-mail';
import type { Executor } from '../../../db/connect';
import type { Actor } from '../../auth/actor';
import { hashToken, newToken } from '../../auth/tokens';
import { endInvitationAttempts } from '../../mail/queries';
import type { InvitationMailContext } from '../context';
import { invitationMail } from '../mail';
import {
  deleteOpenInvitationTokens,
  findBusinessName,
  findInviteeProfile,
  insertAuthToken,
} from '../queries';

/**
 * Writes a fresh invitation token (older unused ones stop working) and queues its e-mail; the
 * earlier mails of the invitation are no longer tried again (decision 0500). An owner's e-mail
 * names `invitedBy`, who invites or re-sends (decision 0512); the retry job knows no one and
 * names the platform. `priorAttempts`: the retry job's count so far, so the backoff goes on
 * where the replaced mail stopped.
 */
export async function issueInvitation(
  tx: Executor,
  context: InvitationMailContext,
  invitee: { id: string; email: string },
  businessName: string,
  now: Date,
  invitedBy: Pick<Actor, 'role' | 'fullName' | 'email'> | null,
  priorAttempts = 0,
): Promise<string> {
  await endInvitationAttempts(tx, invitee.id);
  await deleteOpenInvitationTokens(tx, invitee.id);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await insertAuthToken(tx, {
    tokenHash: hashToken(token),
    purpose: 'invitation',
    userId: invitee.id,
    email: invitee.email,
    redirectTo: '/employee/onboarding',
    expiresAt,
    createdAt: now,
  });
  const link = `${context.publicOrigin}/employee/login?${MAGIC_LINK_QUERY_PARAM}=${token}`;
  // A new invitee's profile says German; someone invited again may have chosen English (0383).
  const profile = await findInviteeProfile(tx, invitee.id);
  const owner =
    profile?.role !== 'business_owner'
      ? undefined
      : invitedBy
        ? {
            name: invitedBy.fullName?.trim() || invitedBy.email,
            operator: invitedBy.role === 'admin',
          }
        : {
            name: STAFF_MAIL_TEXTS[profile.staffLanguage ?? DEFAULT_STAFF_LANGUAGE].ownerInvitation
              .platform,
            operator: false,
          };
  return context.mailer.enqueue(tx, {
    ...invitationMail(invitee.email, link, businessName, profile?.staffLanguage, owner),
    secrets: [token],
    invitationId: invitee.id,
    priorAttempts,
  });
}

/** Hands the e-mail to SMTP after the commit; a failure is kept in the outbox and logged. */
export async function deliverInvitation(
  context: InvitationMailContext,
  mailId: string,
): Promise<void> {
  try {
    await context.mailer.deliver(mailId);
  } catch (error) {
    context.log.warn({ err: error, mailId }, 'invitation e-mail not sent');
  }
}

/** The business's name as invitation mails give it ('Trinkgeld' if it is gone). */
export async function businessName(executor: Executor, businessId: string): Promise<string> {
  return (await findBusinessName(executor, businessId)) ?? 'Trinkgeld';
}
