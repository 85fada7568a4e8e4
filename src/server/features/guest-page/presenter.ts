import type { ThankYouResponse } from '../../../shared/api/tips';
import { MAX_TIP_CENTS, MIN_TIP_CENTS } from '../../../shared/domain/constants';
import { formatCents } from '../../../shared/domain/money';
import { type GuestLocale, INTL_LOCALES } from '../../../shared/i18n/guest-locale';
import { GUEST_SERVER_TEXTS, isGuestErrorCode } from '../../../shared/i18n/guest-server';
import { AppError } from '../../http/errors';
import { GUEST_CATALOGUES } from './catalogues';
import type { AmountLimit } from './form';
import { renderGuestMessage, renderPaymentStep, renderThankYou } from './page';

/** A page of the plain form's checkout: its status, its HTML and a Retry-After when it waits. */
export interface FormPage {
  status: number;
  html: string;
  retryAfter?: number;
}

const tipPagePath = (code: string) => `/t/${encodeURIComponent(code)}`;

/**
 * A form the schema refused: German says what was wrong; the other languages name a missed tip
 * limit in the tip page's words and say anything else generally.
 */
export function presentBadForm(
  locale: GuestLocale,
  code: string,
  german: string | undefined,
  limit?: AmountLimit,
): FormPage {
  const texts = GUEST_SERVER_TEXTS[locale];
  const amountTexts = GUEST_CATALOGUES[locale].first.amount;
  const intl = INTL_LOCALES[locale];
  const text =
    locale === 'de' && german
      ? german
      : limit === 'too-low'
        ? amountTexts.tooLow(formatCents(MIN_TIP_CENTS, 'eur', intl))
        : limit === 'too-high'
          ? amountTexts.tooHigh(formatCents(MAX_TIP_CENTS, 'eur', intl))
          : texts.errors.validation_failed.message;
  return {
    status: 400,
    html: renderGuestMessage({
      locale,
      title: texts.form.badAmountTitle,
      text,
      backUrl: tipPagePath(code),
      backLabel: texts.form.back,
    }),
  };
}

/** The payment step of the plain form: the amount chosen, the contribution and the message. */
export function presentPaymentStep(
  locale: GuestLocale,
  code: string,
  amountCents: number,
): FormPage {
  return {
    status: 200,
    html: renderPaymentStep({
      locale,
      amountCents,
      action: `${tipPagePath(code)}/checkout`,
      backUrl: tipPagePath(code),
    }),
  };
}

/**
 * Why a checkout could not start, in the guest's language: the server's German words, or the
 * guest catalogue's for the codes it knows. Anything but an AppError is not ours to word.
 */
export function presentCheckoutError(error: unknown, locale: GuestLocale, code: string): FormPage {
  if (!(error instanceof AppError)) throw error;
  const texts = GUEST_SERVER_TEXTS[locale];
  const words =
    locale !== 'de' && isGuestErrorCode(error.code)
      ? texts.errors[error.code]
      : { title: error.title, message: error.message };
  return {
    status: error.status,
    html: renderGuestMessage({
      locale,
      title: words.title,
      text: words.message,
      backUrl: tipPagePath(code),
      backLabel: texts.form.back,
    }),
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
  };
}

/** The checkout was left with "Abbrechen": say so, that nothing was charged, and the way back. */
export function presentCancelled(locale: GuestLocale, code: string): FormPage {
  const { title, description } = GUEST_CATALOGUES[locale].outcome.errors.payment_cancelled;
  const texts = GUEST_SERVER_TEXTS[locale];
  return {
    status: 200,
    html: renderGuestMessage({
      locale,
      title,
      text: description,
      backUrl: tipPagePath(code),
      backLabel: texts.form.back,
    }),
  };
}

/** The thank-you of a form checkout, or the note that it was not paid (yet). */
export function presentThankYou(
  locale: GuestLocale,
  code: string,
  tip: ThankYouResponse | null,
): FormPage {
  if (tip) return { status: 200, html: renderThankYou(locale, tip) };
  const texts = GUEST_SERVER_TEXTS[locale];
  return {
    status: 200,
    html: renderGuestMessage({
      locale,
      title: texts.form.notPaidTitle,
      text: texts.form.notPaidText,
      backUrl: tipPagePath(code),
      backLabel: texts.form.back,
    }),
  };
}
