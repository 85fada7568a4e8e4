import type { FastifyRequest } from 'fastify';
import {
  type GuestCheckoutForm,
  type StartTipPaymentResponse,
  startTipPaymentBodySchema,
} from '../../../shared/api/tips';
import type { GuestBrowser } from '../analytics/page-views';
import type { PaymentContext } from '../payments/context';
import { cancelTipPayment, startTipPayment } from '../tips/service';
import { presentBranding, presentGuestEntrypoint } from '../payment-points/guest-presenter';
import type { GuestCode } from '../payment-points/guest-cache';
import { businessOfCode, loadBranding } from '../payment-points/resolve';
import type { GuestBranding } from '../../../shared/api/entrypoints';
import type {
  CheckoutReturning,
  CodeProblemPage,
  GuestInitialData,
} from '../../../web/server-entry';
import { guestLocaleOf } from '../../http/guest-locale';
import { AppError } from '../../http/errors';
import { hasPaymentToTell } from '../tip-lifecycle/policy';
import { selectTipStatusThroughCode } from '../tip-lifecycle/queries';
import type { GuestPageContext } from './context';

export interface FirstView {
  status: number;
  initial: GuestInitialData;
  /** The tip page's code, whose rendered answers are kept with it (decision 0250). */
  cached?: GuestCode;
}

/** The page a code that cannot be tipped shows, as the browser app showed it (TipPageProblem). */
function problemPageOf(error: AppError): CodeProblemPage | null {
  switch (error.code) {
    case 'code_not_found':
      return { page: 'invalid-uid' };
    case 'qr_code_invalid':
      return { page: 'qr-error' };
    case 'code_inactive':
      return { page: 'qr-error', inactive: true };
    case 'recipient_not_found':
      return { page: 'tip-problem', problem: { kind: 'missing' } };
    case 'business_deactivated':
      return { page: 'tip-problem', problem: { kind: 'deactivated' } };
    case 'recipient_deactivated':
      return {
        page: 'tip-problem',
        problem: { kind: 'person-gone', alternatives: error.alternatives ?? [] },
      };
    default:
      return null;
  }
}

/**
 * What /t/{uid} shows first (decision 0220): the payment point's first screen, or the page of
 * the problem that keeps the guest from tipping through it, with the status that problem has.
 * A guest back from the checkout of a tip given here before the problem arose (the business
 * suspended or closed, the person deactivated while they paid) is told that payment first
 * (decision 0440).
 */
export async function loadFirstView(
  ctx: GuestPageContext,
  request: Pick<FastifyRequest, 'headers' | 'cookies'>,
  code: string,
  asked: string | undefined,
  returning?: CheckoutReturning,
): Promise<FirstView> {
  const { db } = ctx.database;
  try {
    const cached = await ctx.guestCodes.resolve(code);
    const { resolved } = cached;
    const business = presentBranding(resolved.branding, resolved.business.name).language;
    const locale = guestLocaleOf(request, { asked, business });
    const entry = presentGuestEntrypoint(resolved, ctx.config.paymentProvider, locale);
    return { status: 200, initial: { kind: 'tip-page', locale, entry }, cached };
  } catch (error) {
    const page = error instanceof AppError ? problemPageOf(error) : null;
    if (!page) throw error;
    // The error page of a code still wears its business's look (decision 0110).
    const owner = await businessOfCode(db, code);
    const branding: GuestBranding | null = owner
      ? presentBranding(await loadBranding(db, owner.id), owner.name)
      : null;
    const locale = guestLocaleOf(request, { asked, business: branding?.language });
    if (returning && (await hasPaymentThroughCode(ctx, returning.tipId, code))) {
      return {
        status: 200,
        initial: {
          kind: 'checkout-return',
          locale,
          branding,
          code,
          ...returning,
          codeProblem: page,
        },
      };
    }
    return {
      status: (error as AppError).status,
      initial: { kind: 'problem', locale, branding, ...page },
    };
  }
}

/** Whether `tipId` was given through `code` and is paid, or still waits for its outcome. */
async function hasPaymentThroughCode(
  ctx: GuestPageContext,
  tipId: string,
  code: string,
): Promise<boolean> {
  const status = await selectTipStatusThroughCode(ctx.database.db, tipId, code);
  return status !== null && hasPaymentToTell(status);
}

/**
 * The plain form's checkout (decision 0221): the same start as POST /api/guest/tips, in one
 * transaction, with the contribution and the message of the server's payment step (0221, amended).
 */
export function startFormCheckout(
  ctx: PaymentContext,
  codes: GuestPageContext['guestCodes'],
  input: { code: string; form: GuestCheckoutForm; guestSessionId: string; browser: GuestBrowser },
): Promise<StartTipPaymentResponse> {
  const body = startTipPaymentBodySchema.parse({
    code: input.code,
    amountCents: input.form.amountCents,
    platformFee: input.form.platformFee,
    guestMessage: input.form.guestMessage ?? undefined,
    paymentMethod: 'stripe',
    guestSessionId: input.guestSessionId,
  });
  return startTipPayment(ctx, body, 'server-pages', codes, input.browser);
}

/**
 * The plain form's cancel return: ends the attempt on our side as the app does after
 * "Abbrechen" (a next attempt then counts towards the three). A cancel that cannot be ended
 * (already ended, unknown) changes nothing for the guest.
 */
export async function endFormCheckout(
  ctx: PaymentContext,
  tip: { tipId: string; token: string } | null,
): Promise<void> {
  if (!tip) return;
  await cancelTipPayment(ctx, tip).catch((error: unknown) =>
    ctx.log.info({ err: error, tipId: tip.tipId }, 'form checkout cancel'),
  );
}
