import { eq } from 'drizzle-orm';
import { TIP_ERRORS } from '../../../shared/api/tips';
import type { FeedbackEmoji } from '../../../shared/domain/tips';
import { tips } from '../../db/schema';
import { AppError } from '../../http/errors';
import { recordAnalyticsEvent } from '../analytics/service';
import type { PaymentContext } from '../payments/context';
import { publishTipChangesInTransaction } from './events';
import { tipAudience } from './lifecycle';
import { isPaid } from './policy';
import { secretMatches } from './secrets';

/**
 * Attaches the guest's reaction to exactly the tip they paid: the secret handed to the paying
 * browser must match, the tip must be paid, and feedback is taken once.
 */
export async function submitFeedback(
  ctx: PaymentContext,
  input: { tipId: string; token: string; emoji: FeedbackEmoji; message: string | null },
): Promise<{ tipId: string; emoji: FeedbackEmoji; message: string | null }> {
  const at = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const [tip] = await tx.select().from(tips).where(eq(tips.id, input.tipId)).for('update');
    if (!tip) throw new AppError(TIP_ERRORS.tip_not_found);
    if (!secretMatches(input.token, tip.feedbackSecretHash)) {
      throw new AppError(TIP_ERRORS.tip_token_invalid);
    }
    if (!isPaid(tip.status)) throw new AppError(TIP_ERRORS.feedback_not_allowed);
    if (tip.feedbackAt) throw new AppError(TIP_ERRORS.feedback_already_sent);
    await tx
      .update(tips)
      .set({
        feedbackEmoji: input.emoji,
        feedbackMessage: input.message,
        feedbackAt: at,
        updatedAt: at,
      })
      .where(eq(tips.id, tip.id));
    await recordAnalyticsEvent(tx, {
      name: 'feedback_submitted',
      businessId: tip.businessId,
      entrypointUid: tip.entrypointUid,
      tipId: tip.id,
      properties: { emoji: input.emoji, with_message: input.message !== null },
      at,
    });
    // Dashboards show guest messages live, so a new reaction is published like a status move.
    await publishTipChangesInTransaction(tx, ctx.database, [
      {
        tipId: tip.id,
        status: tip.status,
        employeeIds: await tipAudience(tx, tip),
        teamId: tip.teamId,
        businessId: tip.businessId,
      },
    ]);
  });
  return { tipId: input.tipId, emoji: input.emoji, message: input.message };
}
