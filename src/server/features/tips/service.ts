import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { PAYMENT_ERRORS } from '../../../shared/api/payments';
import {
  type StartTipPaymentResponse,
  type startTipPaymentBodySchema,
  TIP_ERRORS,
  type TipStatusResponse,
} from '../../../shared/api/tips';
import {
  DEFAULT_CURRENCY,
  PAYMENT_SESSION_TIMEOUT_MS,
  PLATFORM_FEE_CENTS,
} from '../../../shared/domain/constants';
import { formatCents } from '../../../shared/domain/money';
import type { Executor, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import { type GuestBrowser, visitBucketOf } from '../analytics/page-views';
import { type ResolvedCode, resolveGuestCode, tipRecipientOf } from '../payment-points/resolve';
import type { PaymentContext } from '../payments/context';
import type { CheckoutCreated, CheckoutRequest, CheckoutState } from '../payments/provider';
import { closeExpiredCheckouts, expireOverdueSessions } from '../payments/expiry';
import { applyCheckoutState, settleCheckout } from '../payments/settlement';
import { publishTipChangesInTransaction } from '../tip-lifecycle/events';
import { endPaymentSession, markTipEnded, type TipRow } from '../tip-lifecycle/lifecycle';
import { countTipMoves } from '../tip-lifecycle/metrics';
import { decideRetry, mayReadTipMessages } from '../tip-lifecycle/policy';
import { presentTipStatus } from './presenter';
import { selectTipRecipientFacts } from '../tip-lifecycle/queries';
import { hashSecret, newSecret, secretMatches } from '../tip-lifecycle/secrets';
import { runStartStatementIn, type StartWritten } from './queries/start-statement';
import {
  hasRunningAttemptOfLink,
  lockPayLaterLinkByTokenHash,
  lockTip,
  selectLastSessionOfTip,
  selectOpenSessionOfTip,
  selectTip,
  setSessionCheckout,
} from './queries/tips';
import { startWriterOf } from './start-writer';

export type StartTipPaymentInput = z.output<typeof startTipPaymentBodySchema>;

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') {
      return candidate.constraint === constraint || (candidate.message ?? '').includes(constraint);
    }
  }
  return false;
}

/** The return address after the hosted checkout: back to the tip page, which asks for the result. */
/**
 * Where the checkout sends the guest back to. A checkout the tip page's app started returns to
 * the app; one started by the plain form (no JavaScript) returns to pages the server renders.
 */
export type CheckoutReturn = 'app' | 'server-pages';

/** Where a start may take the code's resolution from: the page's own cache (decision 0250). */
export interface GuestCodes {
  resolve(code: string): Promise<{ resolved: ResolvedCode }>;
}

function returnUrls(ctx: PaymentContext, code: string, tipId: string, to: CheckoutReturn) {
  const page = `${ctx.config.publicOrigin}/t/${encodeURIComponent(code)}`;
  if (to === 'server-pages') {
    return {
      successUrl: `${page}/thanks?tip=${tipId}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${page}/cancelled?tip=${tipId}`,
    };
  }
  return {
    // {CHECKOUT_SESSION_ID} is filled in by the provider.
    successUrl: `${page}?checkout=return&tip=${tipId}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${page}?checkout=cancel&tip=${tipId}`,
  };
}

/**
 * The pay-later link a payment starts through, locked for this transaction: it must exist, belong
 * to the code, be unpaid and unexpired, be paid with its own amount, and have no other checkout
 * running (two guests opening the same link at once: the second is refused, nothing is charged).
 */
async function lockPayLaterLink(
  tx: Tx,
  input: { token: string; code: string; amountCents: number; now: Date },
): Promise<{ id: string; flowId: string | null }> {
  const link = await lockPayLaterLinkByTokenHash(tx, hashSecret(input.token));
  if (!link) throw new AppError(TIP_ERRORS.pay_later_not_found);
  if (link.code !== input.code) throw new AppError(TIP_ERRORS.pay_later_mismatch);
  if (link.paidTipId) throw new AppError(TIP_ERRORS.pay_later_used);
  if (link.expiresAt <= input.now) throw new AppError(TIP_ERRORS.pay_later_expired);
  if (link.amountCents !== input.amountCents) {
    throw new AppError(TIP_ERRORS.pay_later_amount_mismatch, {
      message: `Über diesen Zahlungslink können nur ${formatCents(link.amountCents)} bezahlt werden.`,
    });
  }
  if (await hasRunningAttemptOfLink(tx, link.id, input.now))
    throw new AppError(TIP_ERRORS.pay_later_in_progress);
  return { id: link.id, flowId: link.flowId };
}

/**
 * Checks a retry against the previous attempt of the same flow; returns the new attempt number
 * and the flow the retry joins.
 */
async function nextAttempt(
  tx: Tx,
  retryOf: NonNullable<StartTipPaymentInput['retryOf']>,
  now: Date,
): Promise<{ attempt: number; flowId: string }> {
  const previous = await lockTip(tx, retryOf.tipId);
  if (!previous) throw new AppError(TIP_ERRORS.tip_not_found);
  if (!secretMatches(retryOf.token, previous.feedbackSecretHash)) {
    throw new AppError(TIP_ERRORS.tip_token_invalid);
  }
  const session = await selectLastSessionOfTip(tx, previous.id);
  const decision = decideRetry({
    status: previous.status,
    attempt: session?.attempt ?? 1,
    endedAt: session?.endedAt ?? previous.updatedAt,
    now,
  });
  if (decision.allowed)
    return { attempt: decision.attempt, flowId: previous.flowId ?? previous.id };
  if (decision.reason === 'retry_too_soon') {
    throw new AppError(TIP_ERRORS.retry_too_soon, {
      retryAfter: Math.ceil(decision.retryAfterMs / 1000),
    });
  }
  throw new AppError(TIP_ERRORS[decision.reason]);
}

/** How long a tab's unpaid attempts at one point count against its limit. */
const ATTEMPT_MEMORY_MS = 60 * 60_000;

function describeTip(resolved: ResolvedCode): string {
  if (resolved.employee) return `Trinkgeld für ${resolved.employee.fullName}`;
  if (resolved.team) return `Trinkgeld für das Team ${resolved.team.name}`;
  return `Trinkgeld · ${resolved.label ?? resolved.business.name}`;
}

/**
 * Starts paying a tip: the tip row (initiated) and its payment session are written in one
 * transaction, then the provider's checkout is created and the browser gets its address plus the
 * secret that later proves it paid.
 */
export async function startTipPayment(
  ctx: PaymentContext,
  input: StartTipPaymentInput,
  returnTo: CheckoutReturn = 'app',
  /** The guest codes kept in memory (decision 0250); without them the code is read. */
  codes?: GuestCodes,
  /** The guest's browser: a tip started in its visit at this code carries the visit (0461). */
  browser?: GuestBrowser,
): Promise<StartTipPaymentResponse> {
  const now = ctx.clock.now();
  const provider = ctx.providers.active;
  const resolved = codes
    ? (await codes.resolve(input.code)).resolved
    : await resolveGuestCode(ctx.database.db, input.code);
  const recipient = tipRecipientOf(resolved);
  // Under Stripe a person's tip is paid out to their connected account; without one there is
  // no way to hand the money on, so we do not take it (spec §8 stripe_not_connected).
  if (provider.name === 'stripe' && resolved.employee && !resolved.employee.stripeAccountId) {
    throw new AppError(PAYMENT_ERRORS.payment_unavailable);
  }

  const token = newSecret();
  const tipId = randomUUID();
  const sessionId = randomUUID();
  const platformFeeCents = input.platformFee ? PLATFORM_FEE_CENTS : 0;
  const expiresAt = new Date(now.getTime() + PAYMENT_SESSION_TIMEOUT_MS);

  const checkoutRequest: CheckoutRequest = {
    paymentSessionId: sessionId,
    tipId,
    totalCents: input.amountCents + platformFeeCents,
    tipCents: input.amountCents,
    platformFeeCents,
    currency: DEFAULT_CURRENCY,
    description: describeTip(resolved),
    businessName: resolved.business.name,
    paymentMethod: input.paymentMethod,
    recipientAccountId: resolved.employee?.stripeAccountId ?? null,
    ...returnUrls(ctx, resolved.code, tipId, returnTo),
    idempotencyKey: `checkout:${sessionId}`,
    expiresAt,
  };

  // The demo provider's checkout is a row of ours: it is written with the tip.
  const local = provider.localCheckout?.(checkoutRequest) ?? null;
  const started = (
    attempt: number | null,
    payLaterLinkId: string | null,
    flowId: string | null,
  ) => ({
    tipId,
    sessionId,
    businessId: resolved.business.id,
    ...recipient,
    entrypointId: resolved.entrypointId,
    entrypointUid: resolved.source === 'entrypoint' ? resolved.code : null,
    qrCodeId: resolved.qrCodeId,
    amountCents: input.amountCents,
    platformFeeCents,
    currency: DEFAULT_CURRENCY,
    paymentMethod: input.paymentMethod,
    provider: provider.name,
    guestMessage: input.guestMessage ?? null,
    feedbackSecretHash: hashSecret(token),
    payLaterLinkId,
    flowId,
    guestSessionId: input.guestSessionId,
    visitBucket: browser ? visitBucketOf(ctx.config.sessionSecret, browser, resolved.code) : null,
    expiresAt,
    now,
    attempt,
    // A start without `retryOf` (a new flow, or the same tab after a reload) continues the
    // tab's last unpaid attempt at this point within the hour: reloading gives no new attempts.
    attemptsSince: new Date(now.getTime() - ATTEMPT_MEMORY_MS),
    local,
  });
  const written = (row: StartWritten | undefined) => {
    if (!row?.written) throw new AppError(TIP_ERRORS.max_retries);
    return row.attempt;
  };

  // 'Zurück' from the error step starts a new flow at attempt 1 (decision 0160, amended).
  const restartAttempt = input.restart && !input.retryOf ? 1 : null;

  /** A start that must read or lock something first: expiry, a pay-later link, a retry. */
  const writeTip = async (tx: Tx, expireFirst: boolean) => {
    // A guest whose earlier session ran out of time gets their slot back right away. Only a guest
    // with an open session can have one, and the insert finds that out (the one-open-per-guest
    // index): the transaction then runs again with the expiry first (decision 0256).
    const expiry = expireFirst
      ? await expireOverdueSessions(tx, {
          now,
          limit: 10,
          guestSessionId: input.guestSessionId,
          database: ctx.database,
        })
      : { changes: [], expired: [] };
    const link = input.payLaterToken
      ? await lockPayLaterLink(tx, {
          token: input.payLaterToken,
          code: resolved.code,
          amountCents: input.amountCents,
          now,
        })
      : null;
    const retry = input.retryOf ? await nextAttempt(tx, input.retryOf, now) : null;
    const start = started(
      retry?.attempt ?? restartAttempt,
      link?.id ?? null,
      retry?.flowId ?? link?.flowId ?? null,
    );
    const rows = await runStartStatementIn(tx, [start]);
    return { attempt: written(rows[0]), expiry };
  };
  /**
   * The common start, a new flow: one statement and one commit, shared with the starts of other
   * guests on their way at the same moment (decisions 0280 and 0303).
   */
  const writeNewFlow = async () => {
    const row = await startWriterOf(ctx.database).write(started(restartAttempt, null, null));
    return { attempt: written(row), expiry: { changes: [], expired: [] } };
  };

  const write = (expireFirst: boolean) =>
    !expireFirst && !input.payLaterToken && !input.retryOf
      ? writeNewFlow()
      : ctx.database.db.transaction((tx) => writeTip(tx, expireFirst));
  const openElsewhere = (error: unknown) =>
    isUniqueViolation(error, 'payment_sessions_one_open_per_guest_idx');
  let transaction: Awaited<ReturnType<typeof writeTip>>;
  try {
    transaction = await write(false).catch((error: unknown) => {
      if (openElsewhere(error)) return write(true);
      throw error;
    });
  } catch (error) {
    if (openElsewhere(error)) throw new AppError(TIP_ERRORS.payment_in_progress);
    throw error;
  }
  ctx.metrics.tipStarted(input.amountCents);
  await countTipMoves(ctx, transaction.expiry.changes);
  await closeExpiredCheckouts(ctx, transaction.expiry.expired);

  let checkout = local?.created ?? null;
  if (!checkout) {
    try {
      checkout = await provider.createCheckout(checkoutRequest);
    } catch (error) {
      ctx.log.warn({ err: error, tipId }, 'payment provider refused to open a checkout');
      await endAttempt(ctx, { tipId, sessionId, status: 'failed', reason: 'provider_unavailable' });
      throw new AppError(PAYMENT_ERRORS.payment_unavailable, { cause: error });
    }
    await saveCheckout(ctx.database.db, sessionId, checkout);
  }

  return {
    tipId,
    checkoutUrl: checkout.url,
    token,
    attempt: transaction.attempt,
    expiresAt: expiresAt.toISOString(),
  };
}

function saveCheckout(executor: Executor, sessionId: string, checkout: CheckoutCreated) {
  return setSessionCheckout(executor, sessionId, checkout);
}

/** Ends one attempt on our side (tip and session together) and publishes the change. */
async function endAttempt(
  ctx: PaymentContext,
  input: { tipId: string; sessionId: string; status: 'failed' | 'cancelled'; reason: string },
): Promise<void> {
  const at = ctx.clock.now();
  const change = await ctx.database.db.transaction(async (tx) => {
    await endPaymentSession(tx, {
      sessionId: input.sessionId,
      status: input.status,
      reason: input.reason,
      at,
    });
    const ended = await markTipEnded(tx, {
      tipId: input.tipId,
      status: input.status,
      reason: input.reason,
      at,
    });
    if (ended) await publishTipChangesInTransaction(tx, ctx.database, [ended]);
    return ended;
  });
  if (change) await countTipMoves(ctx, [change]);
}

async function loadTip(ctx: PaymentContext, tipId: string): Promise<TipRow> {
  const tip = await selectTip(ctx.database.db, tipId);
  if (!tip) throw new AppError(TIP_ERRORS.tip_not_found);
  return tip;
}

async function openSessionOf(ctx: PaymentContext, tipId: string) {
  return selectOpenSessionOfTip(ctx.database.db, tipId);
}

/**
 * Brings a tip that still waits for its payment up to date by asking the provider, so the tip
 * page (and the thank-you page) never depend on a webhook having arrived already.
 */
export async function reconcileTip(ctx: PaymentContext, tip: TipRow): Promise<TipRow> {
  if (tip.status !== 'initiated') return tip;
  const session = await openSessionOf(ctx, tip.id);
  if (!session) return tip;
  try {
    await refreshSession(ctx, session);
  } catch (error) {
    // The provider is unreachable: answer with what we know; the webhook or the next look settles it.
    ctx.log.warn({ err: error, tipId: tip.id }, 'payment provider could not be asked');
    return tip;
  }
  return loadTip(ctx, tip.id);
}

async function refreshSession(
  ctx: PaymentContext,
  session: NonNullable<Awaited<ReturnType<typeof openSessionOf>>>,
): Promise<void> {
  if (session.expiresAt <= ctx.clock.now()) {
    const { expired } = await ctx.database.db.transaction((tx) =>
      expireOverdueSessions(tx, {
        now: ctx.clock.now(),
        limit: 10,
        database: ctx.database,
        ...(session.guestSessionId ? { guestSessionId: session.guestSessionId } : {}),
      }),
    );
    await closeExpiredCheckouts(ctx, expired);
  } else if (session.providerSessionId) {
    await settleCheckout(ctx, session.provider, session.providerSessionId);
  }
}

export async function getTipStatus(
  ctx: PaymentContext,
  tipId: string,
  token: string | undefined,
): Promise<TipStatusResponse> {
  const tip = await reconcileTip(ctx, await loadTip(ctx, tipId));
  const facts = await selectTipRecipientFacts(ctx.database.db, tip);
  return presentTipStatus(tip, facts, mayReadTipMessages(token, tip.feedbackSecretHash));
}

/**
 * The guest came back from the checkout without paying ("Abbrechen", or the back button). The
 * provider is asked first: if the money did arrive, the tip counts; otherwise its checkout is
 * closed and the tip is cancelled.
 */
export async function cancelTipPayment(
  ctx: PaymentContext,
  input: { tipId: string; token: string },
): Promise<TipStatusResponse> {
  const tip = await loadTip(ctx, input.tipId);
  if (!secretMatches(input.token, tip.feedbackSecretHash)) {
    throw new AppError(TIP_ERRORS.tip_token_invalid);
  }
  const session = tip.status === 'initiated' ? await openSessionOf(ctx, tip.id) : null;
  if (session) {
    let state: CheckoutState = { status: 'expired' };
    if (session.providerSessionId) {
      try {
        state = await ctx.providers
          .byName(session.provider)
          .expireCheckout(session.providerSessionId);
      } catch (error) {
        // Without the provider's word the checkout might still be paid: keep the tip open.
        throw new AppError(PAYMENT_ERRORS.payment_unavailable, { cause: error });
      }
    }
    if (state.status === 'paid' || state.status === 'failed') {
      await applyCheckoutState(ctx, {
        provider: session.provider,
        providerSessionId: session.providerSessionId!,
        paymentSessionId: session.id,
        state,
      });
    } else {
      await endAttempt(ctx, {
        tipId: tip.id,
        sessionId: session.id,
        status: 'cancelled',
        reason: 'cancelled',
      });
    }
  }
  const current = await loadTip(ctx, tip.id);
  return presentTipStatus(current, await selectTipRecipientFacts(ctx.database.db, current), true);
}
