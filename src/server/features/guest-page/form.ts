import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type GuestCheckoutForm, guestCheckoutFormSchema } from '../../../shared/api/tips';
import { GUEST_LANGUAGE_COOKIE, isGuestLocale } from '../../../shared/i18n/guest-locale';

/**
 * The plain form's transport (decision 0221): its form-encoded body, and the cookies that stand
 * in for what the app keeps in the tab. Routes call these; nothing here starts a payment.
 */

/** The guest's browser for the 3-attempt rule when no script keeps a tab id (decision 0221). */
const GUEST_SESSION_COOKIE = 'trinkgeld_guest';
/** The proof of the last checkout started by the plain form: its cancel and thank-you need it. */
const FORM_TIP_COOKIE = 'trinkgeld_tip';
const DAY_S = 24 * 60 * 60;

/** Form posts arrive form-encoded; the body is small (an amount, a box, 200 characters). */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

export type CheckoutFormResult =
  | { ok: true; form: GuestCheckoutForm; asked: string | undefined }
  | {
      ok: false;
      asked: string | undefined;
      message: string | undefined;
      /** An amount outside the tip limits: every language can say which limit. */
      limit?: AmountLimit;
    };

export type AmountLimit = 'too-low' | 'too-high';

/** The posted form, checked by the shared schema; the language it asked for either way. */
export function readCheckoutForm(body: unknown): CheckoutFormResult {
  const raw = (body ?? {}) as Record<string, unknown>;
  const asked = typeof raw.lang === 'string' ? raw.lang : undefined;
  const parsed = guestCheckoutFormSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const limit =
      issue?.path.includes('amountCents') && issue.code === 'too_small'
        ? 'too-low'
        : issue?.path.includes('amountCents') && issue.code === 'too_big'
          ? 'too-high'
          : undefined;
    return { ok: false, asked, message: issue?.message, ...(limit ? { limit } : {}) };
  }
  return { ok: true, form: parsed.data, asked };
}

/** A language chosen on the tip page is remembered for the pages the server renders next. */
export function rememberLanguage(reply: FastifyReply, asked: string | undefined): void {
  const locale = asked?.toLowerCase();
  if (isGuestLocale(locale)) {
    reply.setCookie(GUEST_LANGUAGE_COOKIE, locale, {
      path: '/',
      maxAge: 365 * DAY_S,
      sameSite: 'lax',
    });
  }
}

/** This browser's stand-in for the tab id, made once and kept for a day. */
export function guestSessionOf(request: FastifyRequest, reply: FastifyReply): string {
  let id = request.cookies[GUEST_SESSION_COOKIE] ?? '';
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) id = randomBytes(18).toString('base64url');
  reply.setCookie(GUEST_SESSION_COOKIE, id, {
    path: '/t/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: DAY_S,
  });
  return id;
}

/** Keeps the proof of the checkout just started, for its cancel and thank-you. */
export function rememberFormTip(reply: FastifyReply, started: { tipId: string; token: string }) {
  reply.setCookie(FORM_TIP_COOKIE, `${started.tipId}.${started.token}`, {
    path: '/t/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: DAY_S,
  });
}

/** The proof of a checkout this browser started through the plain form, if it is this tip's. */
export function formTipOf(request: FastifyRequest, tipId: string | undefined): string | null {
  const [id, token] = (request.cookies[FORM_TIP_COOKIE] ?? '').split('.');
  return tipId && id === tipId && token ? token : null;
}
