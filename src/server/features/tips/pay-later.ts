import {
  type CreatePayLaterBody,
  type PayLaterLinkResponse,
  TIP_ERRORS,
} from '../../../shared/api/tips';
import {
  DEFAULT_CURRENCY,
  PAY_LATER_LINK_TTL_MS,
  PLATFORM_FEE_CENTS,
} from '../../../shared/domain/constants';
import type { GuestLocale } from '../../../shared/i18n/guest-locale';
import { centsToDecimalString } from '../../../shared/domain/money';
import type { Config } from '../../config';
import type { Executor, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { RateRule } from '../../http/rate-limit';
import { presentRecipient } from '../payment-points/guest-presenter';
import { type ResolvedCode, resolveGuestCode } from '../payment-points/resolve';
import type { ReceiptContext } from '../receipts/context';
import { firstName } from '../receipts/delivery';
import { payLaterMail } from '../receipts/mail';
import type { PaymentContext } from '../payments/context';
import { paidTipOfFlow } from '../tip-lifecycle/flows';
import { hashSecret, newSecret, secretMatches } from '../tip-lifecycle/secrets';
import {
  insertPayLaterLink,
  type PayLaterLinkRow,
  selectAttemptForLink,
  selectPayLaterLinkByTokenHash,
} from './queries/tips';

/** What a link's address is built from. */
type LinkOrigin = { config: Pick<Config, 'publicOrigin'> };

function linkUrl(ctx: LinkOrigin, code: string, amountCents: number, token: string): string {
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
    return insertPayLaterLink(tx, {
      tokenHash: hashSecret(token),
      businessId: resolved.business.id,
      entrypointId: resolved.entrypointId,
      qrCodeId: resolved.qrCodeId,
      code: resolved.code,
      amountCents: input.amountCents,
      expiresAt,
      flowId: flow?.flowId ?? null,
      platformFee: input.platformFee,
      guestMessage: input.guestMessage ?? null,
      // The tip was paid meanwhile (another tab, a late checkout): the link is used already.
      paidTipId: flow?.paidTipId ?? null,
      usedAt: flow?.paidTipId ? now : null,
      createdAt: now,
    });
  });
  return presentLink(ctx, link, token);
}

function presentLink(ctx: LinkOrigin, link: PayLaterLinkRow, token: string): PayLaterLinkResponse {
  return {
    id: link.id,
    url: linkUrl(ctx, link.code, link.amountCents, token),
    token,
    code: link.code,
    amountCents: link.amountCents,
    expiresAt: link.expiresAt.toISOString(),
    paidTipId: link.paidTipId,
    usedAt: link.usedAt?.toISOString() ?? null,
    platformFee: link.platformFee,
    guestMessage: link.guestMessage,
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
  const tip = await selectAttemptForLink(tx, attempt.tipId);
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
  const link = await linkOfToken(ctx.database.db, token);
  if (!link.paidTipId && link.expiresAt <= ctx.clock.now()) {
    throw new AppError(TIP_ERRORS.pay_later_expired);
  }
  return presentLink(ctx, link, token);
}

async function linkOfToken(executor: Executor, token: string): Promise<PayLaterLinkRow> {
  const link = await selectPayLaterLinkByTokenHash(executor, hashSecret(token));
  if (!link) throw new AppError(TIP_ERRORS.pay_later_not_found);
  return link;
}

const PER_LINK_MAIL_RULE = {
  name: 'guest-pay-later-mail:link',
  limit: 3,
  windowMs: 24 * 60 * 60_000,
} as const satisfies RateRule;

/**
 * 'Link per E-Mail' (decision 0456): sends a link that can still be paid to the address
 * the guest typed. The address is used for this mail only: the outbox row names no recipient and
 * keeps the link's token redacted (decisions 0144, 0201). A link goes out at most three times a
 * day (counted once the token matched), on top of the per-address limit of guest mails.
 */
export async function mailPayLaterLink(
  ctx: ReceiptContext,
  input: { token: string; email: string; language: GuestLocale },
): Promise<void> {
  const { db } = ctx.database;
  const link = await linkOfToken(db, input.token);
  if (link.paidTipId) throw new AppError(TIP_ERRORS.pay_later_used);
  if (link.expiresAt <= ctx.clock.now()) throw new AppError(TIP_ERRORS.pay_later_expired);
  const decision = await ctx.rateLimiter.consume(PER_LINK_MAIL_RULE, link.id);
  if (!decision.allowed) {
    throw new AppError(TIP_ERRORS.pay_later_mail_limit, { retryAfter: decision.retryAfter });
  }
  const resolved = await resolveGuestCode(db, link.code);
  const { displayName } = presentRecipient(resolved);
  const mail = payLaterMail(input.email, {
    language: input.language,
    tonality: resolved.branding?.tonality ?? null,
    amountCents: link.amountCents,
    platformFeeCents: link.platformFee ? PLATFORM_FEE_CENTS : 0,
    currency: DEFAULT_CURRENCY,
    recipientName: resolved.employee ? (firstName(displayName) ?? displayName) : displayName,
    businessName: resolved.business.name,
    expiresAt: link.expiresAt,
    link: linkUrl(ctx, link.code, link.amountCents, input.token),
  });
  const mailId = await ctx.mailer.enqueue(db, {
    ...mail,
    privateRecipient: true,
    secrets: [input.token],
  });
  try {
    await ctx.mailer.deliver(mailId);
  } catch (error) {
    ctx.log.warn({ err: error, mailId }, 'pay-later link e-mail not sent');
    throw new AppError(TIP_ERRORS.pay_later_mail_not_sent);
  }
}
