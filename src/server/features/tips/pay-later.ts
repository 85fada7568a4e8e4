import { eq } from 'drizzle-orm';
import { type PayLaterLinkResponse, TIP_ERRORS } from '../../../shared/api/tips';
import { PAY_LATER_LINK_TTL_MS } from '../../../shared/domain/constants';
import { centsToDecimalString } from '../../../shared/domain/money';
import { payLaterLinks } from '../../db/schema';
import { AppError } from '../../http/errors';
import { resolveGuestCode } from '../entrypoints/service';
import type { PaymentContext } from '../payments/context';
import { hashSecret, newSecret } from './secrets';

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
  input: { code: string; amountCents: number },
): Promise<PayLaterLinkResponse> {
  const resolved = await resolveGuestCode(ctx.database.db, input.code);
  const token = newSecret();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + PAY_LATER_LINK_TTL_MS);
  const [link] = await ctx.database.db
    .insert(payLaterLinks)
    .values({
      tokenHash: hashSecret(token),
      businessId: resolved.business.id,
      entrypointId: resolved.entrypointId,
      qrCodeId: resolved.qrCodeId,
      code: resolved.code,
      amountCents: input.amountCents,
      expiresAt,
      createdAt: now,
    })
    .returning({ id: payLaterLinks.id });
  return {
    id: link!.id,
    url: linkUrl(ctx, resolved.code, input.amountCents, token),
    token,
    code: resolved.code,
    amountCents: input.amountCents,
    expiresAt: expiresAt.toISOString(),
    paidTipId: null,
    usedAt: null,
  };
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
