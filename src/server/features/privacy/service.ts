import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PRIVACY_ERRORS } from '../../../shared/api/privacy';
import { ERRORS } from '../../../shared/domain/errors';
import type { PrivacyDeps } from './context';
import {
  adminAuditLog,
  authSessions,
  businessAgreements,
  paymentEntrypoints,
  payouts,
  profiles,
  teamMembers,
  tipAdjustments,
  tipAllocations,
  tipReplies,
  tipReplyAddresses,
  tips,
  users,
} from '../../db/schema';
import { countUnusedRecoveryCodes, loadTwoFactor } from '../two-factor/queries';
import { AppError } from '../../http/errors';
import type { Actor } from '../auth/actor';
import { writeAudit } from '../audit/write';
import { ACCOUNT_EVENTS_CHANNEL } from '../realtime/hub';
import { anonymisePerson } from './anonymise';
import { canDeleteOwnAccount, canExportOwnData } from './policy';

/**
 * Everything stored about the signed-in person (Art. 15/20 GDPR), as one JSON document: account,
 * profile, team memberships, payment points naming them, tips received (direct and team shares,
 * with the guests' messages to them), the replies they wrote, the payouts to them and the amounts
 * deducted from their shares, sessions, whether two-factor sign-in is on and the audit rows of
 * their own actions.
 */
export async function exportOwnData(deps: PrivacyDeps, actor: Actor) {
  if (!canExportOwnData(actor, actor.userId)) throw new AppError(ERRORS.forbidden);
  const db = deps.database.db;
  const id = actor.userId;
  const [account] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  const [profile] = await db
    .select({
      role: profiles.role,
      fullName: profiles.fullName,
      email: profiles.email,
      jobTitle: profiles.jobTitle,
      thankYouMessage: profiles.thankYouMessage,
      profileImageUrl: profiles.profileImageUrl,
      businessId: profiles.businessId,
      stripeAccountStatus: profiles.stripeAccountStatus,
      payoutsEnabled: profiles.payoutsEnabled,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, id));
  const teams = await db
    .select({ teamId: teamMembers.teamId, weight: teamMembers.weight })
    .from(teamMembers)
    .where(eq(teamMembers.profileId, id));
  const points = await db
    .select({
      uid: paymentEntrypoints.uid,
      label: paymentEntrypoints.label,
      active: paymentEntrypoints.active,
      createdAt: paymentEntrypoints.createdAt,
    })
    .from(paymentEntrypoints)
    .where(and(eq(paymentEntrypoints.targetType, 'user'), eq(paymentEntrypoints.targetId, id)));
  const shares = await db
    .select({ tipId: tipAllocations.tipId, amountCents: tipAllocations.amountCents })
    .from(tipAllocations)
    .where(eq(tipAllocations.profileId, id));
  const shareByTip = new Map(shares.map((share) => [share.tipId, share.amountCents]));
  const received = await db
    .select({
      id: tips.id,
      amountCents: tips.amountCents,
      currency: tips.currency,
      status: tips.status,
      source: tips.tipSource,
      guestMessage: tips.guestMessage,
      feedbackEmoji: tips.feedbackEmoji,
      feedbackMessage: tips.feedbackMessage,
      createdAt: tips.createdAt,
      paidAt: tips.paidAt,
    })
    .from(tips)
    .where(
      shares.length > 0
        ? or(eq(tips.employeeId, id), inArray(tips.id, [...shareByTip.keys()]))
        : eq(tips.employeeId, id),
    );
  // Whether the guest asked for this person's reply by e-mail, and until when: the consent the
  // guest gave about this person's tip, never the guest's address (that is the guest's data).
  const replyRequests =
    received.length === 0
      ? []
      : await db
          .select({ tipId: tipReplyAddresses.tipId, until: tipReplyAddresses.expiresAt })
          .from(tipReplyAddresses)
          .where(
            inArray(
              tipReplyAddresses.tipId,
              received.map((tip) => tip.id),
            ),
          );
  const replyRequested = new Map(replyRequests.map((row) => [row.tipId, row.until]));
  const replies = await db
    .select({
      tipId: tipReplies.tipId,
      message: tipReplies.message,
      repliedAt: tipReplies.repliedAt,
    })
    .from(tipReplies)
    .where(eq(tipReplies.employeeId, id));
  const transfers = await db
    .select({
      id: payouts.id,
      amountCents: payouts.amountCents,
      feeCents: payouts.feeCents,
      currency: payouts.currency,
      method: payouts.method,
      status: payouts.status,
      provider: payouts.provider,
      providerTransferId: payouts.providerTransferId,
      createdAt: payouts.createdAt,
      processedAt: payouts.processedAt,
    })
    .from(payouts)
    .where(eq(payouts.employeeId, id));
  const deductions = await db
    .select({
      tipId: tipAdjustments.tipId,
      kind: tipAdjustments.kind,
      amountCents: tipAdjustments.amountCents,
      reason: tipAdjustments.reason,
      payoutId: tipAdjustments.payoutId,
      createdAt: tipAdjustments.createdAt,
    })
    .from(tipAdjustments)
    .where(eq(tipAdjustments.profileId, id));
  const sessions = await db
    .select({
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, id));
  const actions = await db
    .select({
      action: adminAuditLog.action,
      targetType: adminAuditLog.targetType,
      targetId: adminAuditLog.targetId,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.adminId, id));
  // The contracts this person accepted for their business at sign-up (decision 0326).
  const agreements = await db
    .select({
      document: businessAgreements.document,
      version: businessAgreements.version,
      acceptedAt: businessAgreements.acceptedAt,
    })
    .from(businessAgreements)
    .where(eq(businessAgreements.userId, id));
  // Whether and since when, never the secret or the codes (they are only ever shown once).
  const twoFactor = await loadTwoFactor(db, id);
  return {
    exportedAt: deps.clock.now().toISOString(),
    account: account ?? null,
    profile: profile ?? null,
    teams,
    paymentPoints: points,
    tips: received.map((tip) => {
      const until = replyRequested.get(tip.id);
      return {
        ...tip,
        ...(shareByTip.has(tip.id) ? { yourShareCents: shareByTip.get(tip.id) } : {}),
        replyByEmail: until
          ? { requested: true, until: until.toISOString() }
          : { requested: false },
      };
    }),
    replies,
    payouts: transfers,
    deductions,
    sessions,
    twoFactor: twoFactor?.enabledAt
      ? {
          enabledAt: twoFactor.enabledAt.toISOString(),
          recoveryCodesRemaining: await countUnusedRecoveryCodes(db, id),
        }
      : null,
    auditLog: actions,
    agreements,
  };
}

/**
 * Deletes an employee's account on their own request (Art. 17 GDPR): the profile and sign-in
 * identity are anonymised, sessions and links end, their payment points stop working, pictures
 * and the guests' messages to them are removed. Tips and team shares stay for the business's
 * accounting, now without a name. One transaction, with its audit row.
 */
export async function deleteOwnAccount(deps: PrivacyDeps, actor: Actor, request: FastifyRequest) {
  if (!canDeleteOwnAccount(actor)) throw new AppError(PRIVACY_ERRORS.privacy_owner_cannot_delete);
  const id = actor.userId;
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await anonymisePerson(tx, id, now);
    await writeAudit(tx, {
      actor,
      action: 'user_delete',
      targetType: 'user',
      targetId: id,
      payload: { reason: 'own_request' },
      request,
      businessId: actor.businessId,
    });
  });
  // Open live streams of the person close on every instance (as on deactivation); if the notice
  // fails, the sessions are gone already and streams notice at their next heartbeat.
  await deps.database
    .notify(ACCOUNT_EVENTS_CHANNEL, JSON.stringify({ userId: id }))
    .catch(() => undefined);
}
