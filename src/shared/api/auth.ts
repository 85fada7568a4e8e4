import { z } from 'zod';
import { AUTH_VALIDATION } from '../domain/auth';
import { MIN_PASSWORD_LENGTH } from '../domain/constants';
import { SESSION_END_CODES } from '../domain/session-end';

// The sign-in words and checks without zod live in domain/auth.ts, so the login page's first
// load does not carry the validation library (decision 0410); server code imports them here.
export {
  AUTH_ERRORS,
  AUTH_VALIDATION,
  isTwoFactorRequired,
  MAGIC_LINK_QUERY_PARAM,
  rateLimitMessage,
  retryAfterMinutes,
} from '../domain/auth';

/** The "simple address pattern" of spec §5: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;
/** Long enough for any passphrase, short enough that hashing it cannot be abused. */
export const MAX_PASSWORD_LENGTH = 1024;

export const passwordSignInSchema = z.object({
  email: z
    .string({ error: AUTH_VALIDATION.fillAllFields })
    .trim()
    .toLowerCase()
    .min(1, AUTH_VALIDATION.fillAllFields)
    .max(MAX_EMAIL_LENGTH, AUTH_VALIDATION.invalidEmail)
    .regex(EMAIL_PATTERN, AUTH_VALIDATION.invalidEmail),
  password: z
    .string({ error: AUTH_VALIDATION.fillAllFields })
    .min(1, AUTH_VALIDATION.fillAllFields)
    .min(MIN_PASSWORD_LENGTH, AUTH_VALIDATION.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, AUTH_VALIDATION.passwordTooShort),
});
export type PasswordSignInInput = z.input<typeof passwordSignInSchema>;

export const magicLinkRequestSchema = z.object({
  email: z
    .string({ error: AUTH_VALIDATION.magicLinkInvalidEmail })
    .trim()
    .toLowerCase()
    .min(3, AUTH_VALIDATION.magicLinkInvalidEmail)
    .max(MAX_EMAIL_LENGTH, AUTH_VALIDATION.magicLinkInvalidEmail)
    .includes('@', { message: AUTH_VALIDATION.magicLinkInvalidEmail }),
});

/** The token travels in the link as 43 base64url characters (32 random bytes). */
export const magicLinkVerifySchema = z.object({
  token: z
    .string({ error: 'Der Anmeldelink ist unvollständig.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Der Anmeldelink ist unvollständig.'),
});

/** Which action a rate-limit check is for (spec §7: the rate-limiter function's `endpoint`). */
export const RATE_LIMITED_ENDPOINTS = ['auth-login', 'auth-magic-link'] as const;
export type RateLimitedEndpoint = (typeof RATE_LIMITED_ENDPOINTS)[number];

export const rateLimitCheckSchema = z.object({
  endpoint: z.enum(RATE_LIMITED_ENDPOINTS),
  /** Optional: with it the per-address bucket is checked too. */
  email: z.string().trim().toLowerCase().max(MAX_EMAIL_LENGTH).optional(),
});

/** Rate-limit check result (spec §3): resetTime as ISO time, retryAfter in seconds. */
/** Whether to try now, and when to retry; never how many attempts are left (finding 7). */
export const rateLimitStatusSchema = z.object({
  allowed: z.boolean(),
  resetTime: z.iso.datetime(),
  retryAfter: z.number().int().min(0),
});
export type RateLimitStatus = z.infer<typeof rateLimitStatusSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionInfoSchema = z.object({
  /** When the session ends unless there is activity before. */
  idleExpiresAt: z.iso.datetime(),
  /** When the session ends regardless of activity. */
  absoluteExpiresAt: z.iso.datetime(),
  idleTimeoutSeconds: z.number().int(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** Two-factor sign-in as the browser needs it: the banner, the settings, the setup-only rule. */
export const sessionTwoFactorSchema = z.object({
  /** The person confirmed an authenticator app; sign-in asks for its code. */
  enabled: z.boolean(),
  /**
   * The session may do nothing but set up two-factor sign-in (the platform admin in
   * production, decision 0318); the browser sends the person to 'Konto und Sicherheit'.
   */
  setupRequired: z.boolean(),
});
export type SessionTwoFactor = z.infer<typeof sessionTwoFactorSchema>;

/** `GET /api/auth/session` and every call that signs in: nulls when nobody is signed in. */
export const sessionResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  session: sessionInfoSchema.nullable(),
  /**
   * True when this session began the person's first sign-in (a different greeting, decision
   * 0510): on a sign-in's answer and on every read of that session. Absent when signed out.
   */
  firstSignIn: z.boolean().optional(),
  /** On the session read and every sign-in that opened a session. */
  twoFactor: sessionTwoFactorSchema.optional(),
  /**
   * Signed out because the cookie's session was ended (decision 0505): why, in the words its
   * next request's 401 would use, so a reload still tells the person.
   */
  ended: z
    .object({ code: z.enum(SESSION_END_CODES), title: z.string(), message: z.string() })
    .optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * A right password or link of someone with two-factor sign-in: no session yet. The challenge
 * travels as an httpOnly cookie (decision 0316); `POST /api/auth/two-factor` with a code ends it.
 */
export const twoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeExpiresAt: z.iso.datetime(),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** What `POST /api/auth/sign-in` and `POST /api/auth/magic-link/verify` answer. */
export const signInResponseSchema = z.union([sessionResponseSchema, twoFactorRequiredSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const magicLinkSentSchema = z.object({ sent: z.literal(true) });

/** Codes that mean "this person is not signed in (any more)". */
export const SIGNED_OUT_CODES: readonly string[] = ['unauthenticated', 'session_expired'];

/**
 * Whom a deactivated person asks (decision 0356): the owner or an administrator of their business,
 * named when it is known; the platform admin's own account, the platform's operators.
 */
export function accountDeactivatedMessage(account: {
  businessName: string | null;
  role: string | null;
}): string {
  if (account.role === 'admin' && !account.businessName) {
    return 'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an den Betreiber der Plattform.';
  }
  const business = account.businessName ? ` „${account.businessName}“` : '';
  return `Ihr Konto ist deaktiviert. Bitte wenden Sie sich an die Inhaberin oder den Inhaber Ihres Betriebs${business} oder an dessen Administration, damit Ihr Konto wieder freigeschaltet wird.`;
}
