import { eq } from 'drizzle-orm';
import {
  type CreatePayLaterBody,
  type PayLaterLinkResponse,
  TIP_ERRORS,
} from '../../../shared/api/tips';
import { PAY_LATER_LINK_TTL_MS } from '../../../shared/domain/constants';
import { centsToDecimalString } from '../../../shared/domain/money';
import type { Tx } from '../../db/connect';
import { payLaterLinks, tips } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type ResolvedCode, resolveGuestCode } from '../entrypoints/service';
import type { PaymentContext } from '../payments/context';
import { paidTipOfFlow } from './flows';
import { hashSecret, newSecret, secretMatches } from './secrets';

function linkUrl(ctx: PaymentContext, code: string, amountCents: number, token: string): string {
  const query = new URLSearchParams({ amount: centsToDecimalString(amountCents), later: token });
  return `${ctx.config.publicOrigin}/t/${encodeURIComponent(code)}?${query.toString()}`;
}

/**
 * "Später zahlen": a link to the same code with the amount filled in, valid for 24 hours. The
 * server keeps the expiry; the token in the link only points at it.
 */
export async function createPayLaterLink(
  ctx: PaymentContext,
  input: CreatePayLaterBody,
): Promise<PayLaterLinkResponse> {
  const resolved = await resolveGuestCode(ctx.database.db, input.code);
  const token = newSecret();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + PAY_LATER_LINK_TTL_MS);
  const link = await ctx.database.db.transaction(async (tx) => {
    const flow = input.fromTip ? await flowOfAttempt(tx, resolved, input.fromTip) : null;
    const [row] = await tx
      .insert(payLaterLinks)
      .values({
        tokenHash: hashSecret(token),
        businessId: resolved.business.id,
        entrypointId: resolved.entrypointId,
        qrCodeId: resolved.qrCodeId,
        code: resolved.code,
        amountCents: input.amountCents,
        expiresAt,
        flowId: flow?.flowId ?? null,
        // The tip was paid meanwhile (another tab, a late checkout): the link is used already.
        paidTipId: flow?.paidTipId ?? null,
        usedAt: flow?.paidTipId ? now : null,
        createdAt: now,
      })
      .returning({ id: payLaterLinks.id, paidTipId: payLaterLinks.paidTipId });
    return row!;
  });
  return {
    id: link.id,
    url: linkUrl(ctx, resolved.code, input.amountCents, token),
    token,
    code: resolved.code,
    amountCents: input.amountCents,
    expiresAt: expiresAt.toISOString(),
    paidTipId: link.paidTipId,
    usedAt: link.paidTipId ? now.toISOString() : null,
  };
}

/**
 * The flow of the attempt a link is made for, proven by that attempt's token and at the same
 * code, and the tip that already paid the flow, if any.
 */
async function flowOfAttempt(
  tx: Tx,
  resolved: ResolvedCode,
  attempt: { tipId: string; token: string },
): Promise<{ flowId: string; paidTipId: string | null }> {
  const [tip] = await tx
    .select({
      id: tips.id,
      flowId: tips.flowId,
      feedbackSecretHash: tips.feedbackSecretHash,
      entrypointId: tips.entrypointId,
      qrCodeId: tips.qrCodeId,
    })
    .from(tips)
    .where(eq(tips.id, attempt.tipId));
  if (!tip || !secretMatches(attempt.token, tip.feedbackSecretHash)) {
    throw new AppError(TIP_ERRORS.tip_token_invalid);
  }
  if (tip.entrypointId !== resolved.entrypointId || tip.qrCodeId !== resolved.qrCodeId) {
    throw new AppError(TIP_ERRORS.pay_later_mismatch);
  }
  const flowId = tip.flowId ?? tip.id;
  return { flowId, paidTipId: await paidTipOfFlow(tx, flowId) };
}

/**
 * Opens a pay-later link: once paid it answers which tip paid it (the page shows that it was used,
 * with the thank-you); an unpaid link is refused once its 24 hours are over.
 */
export async function readPayLaterLink(
  ctx: PaymentContext,
  token: string,
): Promise<PayLaterLinkResponse> {
  const [link] = await ctx.database.db
    .select()
    .from(payLaterLinks)
    .where(eq(payLaterLinks.tokenHash, hashSecret(token)));
  if (!link) throw new AppError(TIP_ERRORS.pay_later_not_found);
  if (!link.paidTipId && link.expiresAt <= ctx.clock.now()) {
    throw new AppError(TIP_ERRORS.pay_later_expired);
  }
  return {
    id: link.id,
    url: linkUrl(ctx, link.code, link.amountCents, token),
    token,
    code: link.code,
    amountCents: link.amountCents,
    expiresAt: link.expiresAt.toISOString(),
    paidTipId: link.paidTipId,
    usedAt: link.usedAt?.toISOString() ?? null,
  };
}
