import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../../db/connect';
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
} from '../../../db/schema';

/**
 * Everything stored about a person for their export, as the rows it is read from: account,
 * profile, team memberships, payment points naming them, their team shares and the tips they
 * received (direct and shares), which of those the guest asked a reply by e-mail for, their
 * replies, payouts, deductions, sessions, the audit rows of their own actions and the contracts
 * they accepted.
 */
export async function selectPersonData(db: Executor, id: string) {
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
  const shareTipIds = shares.map((share) => share.tipId);
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
        ? or(eq(tips.employeeId, id), inArray(tips.id, shareTipIds))
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
  return {
    account,
    profile,
    teams,
    points,
    shares,
    received,
    replyRequests,
    replies,
    transfers,
    deductions,
    sessions,
    actions,
    agreements,
  };
}
