import { useCallback, useEffect, useRef, useState } from 'react';
import type { GuestEntrypoint } from '../../../shared/api/entrypoints';
import type { PayLaterLinkResponse, TipStatusResponse } from '../../../shared/api/tips';
import { CARD_REDIRECT_DELAY_MS, WALLET_DELAY_MS } from '../../../shared/domain/constants';
import {
  classifyPaymentError,
  ERROR_STEP_CLASSES,
  MAX_PAYMENT_ATTEMPTS,
  type PaymentErrorClass,
  paymentRetryDelayMs,
} from '../../../shared/domain/payments';
import type { PaymentMethod } from '../../../shared/domain/tips';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { guestApi, track } from './guest-api';
import { useOutcomeTexts } from './outcome-texts';
import {
  guestSessionId,
  markActivePayment,
  type RememberedPayment,
  recallPayment,
  rememberPayment,
} from './payment-memory';

/** The steps after the amount; going back to the amount is the page's business. */
export type TipStep = 'payment' | 'success' | 'error';

/** How long the tip page waits for a returning payment to settle before calling it a timeout. */
const RETURN_POLL_LIMIT_MS = 20_000;
const RETURN_POLL_INTERVAL_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitForOutcome(tipId: string, token?: string): Promise<TipStatusResponse> {
  const until = Date.now() + RETURN_POLL_LIMIT_MS;
  let status = await guestApi.tipStatus(tipId, token);
  while (status.status === 'initiated' && Date.now() < until) {
    await sleep(RETURN_POLL_INTERVAL_MS);
    status = await guestApi.tipStatus(tipId, token);
  }
  return status;
}

export interface TipPaymentForm {
  amountCents: number | null;
  feeCovered: boolean;
  message: string;
  payLaterToken: string | null;
}

/**
 * The payment part of the tip page: start (one at a time), the trip to the hosted checkout and
 * back, retries with backoff, the error step and dialog, and pay-later links.
 */
export function useTipPayment(entry: GuestEntrypoint | null, form: TipPaymentForm) {
  const { payment: paymentTexts, toasts: paymentToasts, errors } = useOutcomeTexts();
  const [step, setStep] = useState<TipStep>('payment');
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);
  const [outcome, setOutcome] = useState<TipStatusResponse | null>(null);
  const [errorClass, setErrorClass] = useState<PaymentErrorClass | null>(null);
  const [dialogClass, setDialogClass] = useState<PaymentErrorClass | null>(null);
  const [lastAttempt, setLastAttempt] = useState<RememberedPayment | null>(null);
  const [retries, setRetries] = useState(0);
  const [retryCountdown, setRetryCountdown] = useState<number | null>(null);
  const [payLaterLink, setPayLaterLink] = useState<PayLaterLinkResponse | null>(null);
  const countdown = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  /** Set by 'Zurück' on the error step: the next start is a new flow (decision 0160, amended). */
  const restartNext = useRef(false);
  useEffect(() => () => clearInterval(countdown.current), []);

  const attemptsUsed = Math.max(lastAttempt?.attempt ?? 0, retries + 1);
  const attemptsLeft = Math.max(0, MAX_PAYMENT_ATTEMPTS - attemptsUsed);

  const showProblem = useCallback(
    (problem: PaymentErrorClass, message: string, attempt: number) => {
      track({
        name: 'payment_failed',
        ...(entry ? { code: entry.code } : {}),
        properties: {
          error_type: problem,
          error_message: message.slice(0, 300),
          retry_count: attempt - 1,
        },
      });
      if (ERROR_STEP_CLASSES.includes(problem)) {
        setErrorClass(problem);
        setStep('error');
      } else {
        setDialogClass(problem);
        setStep('payment');
      }
    },
    [entry],
  );

  /** Shows where a payment ended: the success step, the error step or the dialog. */
  const settle = useCallback(
    (status: TipStatusResponse) => {
      if (status.status === 'pending' || status.status === 'completed') {
        setOutcome(status);
        setStep('success');
        return;
      }
      const problem =
        status.status === 'initiated' ? 'payment_timeout' : (status.errorClass ?? 'unknown');
      showProblem(problem, `tip ${status.status}`, status.attempt);
    },
    [showProblem],
  );

  /** Back from the hosted checkout: ask the server (which asks the provider) how it ended. */
  const resume = useCallback(
    async (tipId: string, how: 'return' | 'cancel' | 'abandoned') => {
      const remembered = recallPayment(tipId);
      markActivePayment(null);
      if (remembered) setLastAttempt(remembered);
      setStep('payment');
      setProcessing(true);
      try {
        const status =
          how !== 'return' && remembered
            ? await guestApi.cancelPayment(tipId, remembered.token)
            : await waitForOutcome(tipId, remembered?.token);
        // A payment left without an answer and now cancelled needs no message: the guest
        // simply starts again.
        if (how !== 'abandoned' || status.status !== 'cancelled') settle(status);
        return status;
      } catch (error) {
        const problem = error instanceof ApiError ? classifyPaymentError(error) : 'unknown';
        showProblem(problem, error instanceof Error ? error.message : '', remembered?.attempt ?? 1);
        return null;
      } finally {
        setProcessing(false);
      }
    },
    [settle, showProblem],
  );

  const onStartError = useCallback(
    (error: unknown, attempt: number) => {
      if (
        error instanceof ApiError &&
        [
          'payment_in_progress',
          'max_retries',
          'retry_too_soon',
          'pay_later_expired',
          'pay_later_not_found',
          'pay_later_mismatch',
          'pay_later_used',
          'pay_later_amount_mismatch',
          'pay_later_in_progress',
          'rate_limited',
        ].includes(error.code)
      ) {
        toast({ title: error.title, description: error.message, variant: 'destructive' });
        return;
      }
      const problem =
        error instanceof ApiError
          ? classifyPaymentError({
              code: error.status === 0 ? 'network_error' : error.code,
              message: error.message,
            })
          : 'unknown';
      showProblem(problem, error instanceof Error ? error.message : String(error), attempt);
    },
    [showProblem],
  );

  const pay = useCallback(
    async (method: PaymentMethod, retryOf: RememberedPayment | null = null) => {
      if (!entry || form.amountCents === null) return;
      if (busy.current) {
        toast({
          title: paymentTexts.alreadyRunning,
          description: paymentTexts.alreadyRunningDescription,
        });
        return;
      }
      busy.current = true;
      setProcessing(true);
      try {
        const started = await guestApi.startPayment({
          code: entry.code,
          amountCents: form.amountCents,
          platformFee: form.feeCovered,
          guestMessage: form.message,
          paymentMethod: method,
          guestSessionId: guestSessionId(),
          ...(form.payLaterToken ? { payLaterToken: form.payLaterToken } : {}),
          ...(retryOf ? { retryOf: { tipId: retryOf.tipId, token: retryOf.token } } : {}),
          ...(!retryOf && restartNext.current ? { restart: true as const } : {}),
        });
        restartNext.current = false;
        const remembered = {
          tipId: started.tipId,
          token: started.token,
          attempt: started.attempt,
          code: entry.code,
          method,
        };
        rememberPayment(remembered);
        markActivePayment(started.tipId);
        setLastAttempt(remembered);
        await sleep(method === 'stripe' ? CARD_REDIRECT_DELAY_MS : WALLET_DELAY_MS);
        window.location.assign(started.checkoutUrl);
      } catch (error) {
        busy.current = false;
        setProcessing(false);
        onStartError(error, (retryOf?.attempt ?? 0) + 1);
      }
    },
    [entry, form, onStartError, paymentTexts],
  );

  /** 'Erneut versuchen': waits its backoff (1 s, 2 s, 4 s), then pays again; at most 3 times. */
  const retry = useCallback(() => {
    if (retryCountdown !== null || busy.current) return;
    if (attemptsLeft <= 0) {
      toast({
        title: paymentToasts.maxRetries,
        description: paymentToasts.maxRetriesDescription,
        variant: 'destructive',
      });
      return;
    }
    const delay = paymentRetryDelayMs(attemptsUsed);
    const endsAt = Date.now() + delay;
    setRetryCountdown(Math.ceil(delay / 1000));
    clearInterval(countdown.current);
    countdown.current = setInterval(() => {
      const left = endsAt - Date.now();
      if (left > 0) {
        setRetryCountdown(Math.ceil(left / 1000));
        return;
      }
      clearInterval(countdown.current);
      setRetryCountdown(null);
      setRetries((count) => count + 1);
      setDialogClass(null);
      setErrorClass(null);
      setStep('payment');
      void pay(lastAttempt?.method ?? 'stripe', lastAttempt);
    }, 200);
  }, [attemptsLeft, attemptsUsed, lastAttempt, pay, retryCountdown, paymentToasts]);

  /**
   * 'Zurück' from the error step: back to payment, and the retry count starts over (spec §4);
   * the server counts the next start from 1 too (decision 0160, amended).
   */
  const backFromError = useCallback(() => {
    restartNext.current = true;
    clearInterval(countdown.current);
    setRetryCountdown(null);
    setErrorClass(null);
    setLastAttempt(null);
    setRetries(0);
    setStep('payment');
  }, []);

  const payLater = useCallback(async () => {
    if (!entry || form.amountCents === null) return;
    try {
      const fromTip = lastAttempt?.code === entry.code ? lastAttempt : null;
      // The link keeps what the guest entered, so opening it later shows it again.
      const link = await guestApi.createPayLaterLink({
        code: entry.code,
        amountCents: form.amountCents,
        platformFee: form.feeCovered,
        guestMessage: form.message,
        ...(fromTip ? { fromTip: { tipId: fromTip.tipId, token: fromTip.token } } : {}),
      });
      setPayLaterLink(link);
      try {
        await navigator.clipboard.writeText(link.url);
        toast({
          title: paymentToasts.linkCopied,
          description: paymentToasts.linkCopiedDescription,
        });
      } catch {
        toast({
          title: paymentToasts.copyFailed,
          description: paymentToasts.copyFailedDescription,
          variant: 'destructive',
        });
      }
    } catch (error) {
      // The server answers in the guest's language; no answer at all is said from the catalogue.
      const words = !(error instanceof ApiError)
        ? { title: errors.unknown.title, description: '' }
        : error.status === 0
          ? errors.network_error
          : { title: error.title, description: error.message };
      toast({ ...words, variant: 'destructive' });
    }
  }, [entry, form.amountCents, form.feeCovered, form.message, lastAttempt, paymentToasts, errors]);

  return {
    step,
    processing,
    outcome,
    errorClass,
    dialogClass,
    closeDialog: () => setDialogClass(null),
    lastAttempt,
    attemptsLeft,
    retryCountdown,
    payLaterLink,
    pay,
    retry,
    backFromError,
    payLater,
    resume,
  };
}
