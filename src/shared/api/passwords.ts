import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../domain/constants';
import { defineErrors } from '../domain/errors';
import { AUTH_VALIDATION, EMAIL_PATTERN, MAX_PASSWORD_LENGTH } from './auth';
import { PASSWORD_MESSAGES } from '../domain/passwords';

// Words and paths without zod live in domain/passwords.ts (decision 0410).
export {
  FIRST_ADMIN_LINK_TTL_MS,
  FORGOT_PASSWORD_PATH,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_LINK_TTL_MS,
  SET_PASSWORD_PATH,
  SET_PASSWORD_TOKEN_PARAM,
} from '../domain/passwords';

/**
 * A password a person chooses (onboarding, set-password link, 'Passwort ändern', reset, sign-up).
 * The browser and the server check the length with this schema; the server also refuses common
 * passwords (features/auth/password-rules.ts), since that list does not belong in every bundle.
 */
export const newPasswordSchema = z
  .string({ error: AUTH_VALIDATION.fillAllFields })
  .min(1, AUTH_VALIDATION.fillAllFields)
  .min(MIN_PASSWORD_LENGTH, AUTH_VALIDATION.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, AUTH_VALIDATION.passwordTooShort);

/** The token in a set-password link: 43 base64url characters (32 random bytes). */
const linkTokenSchema = z
  .string({ error: PASSWORD_MESSAGES.linkIncomplete })
  .regex(/^[A-Za-z0-9_-]{43}$/, PASSWORD_MESSAGES.linkIncomplete);

/** Adds the 'repeat' field a person types the new password into a second time. */
function withRepeat<T extends z.ZodRawShape>(shape: T, passwordField: keyof T & string) {
  return z.object({ ...shape, repeat: z.string().min(1, PASSWORD_MESSAGES.repeatRequired) }).refine(
    (values) => {
      const typed = values as Record<string, unknown>;
      return typed.repeat === typed[passwordField];
    },
    { message: PASSWORD_MESSAGES.mismatch, path: ['repeat'] },
  );
}

/** `POST /api/auth/password-link/check`: may this link still be used, and for whom? */
export const passwordLinkCheckSchema = z.object({ token: linkTokenSchema });
export const passwordLinkStatusSchema = z.object({ email: z.string() });
export type PasswordLinkStatus = z.infer<typeof passwordLinkStatusSchema>;

/** `POST /api/auth/password-link`: the link's token and the chosen password. */
export const setPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
/** The set-password page's form: the password twice. */
export const setPasswordFormSchema = withRepeat({ password: newPasswordSchema }, 'password');
export type SetPasswordFormValues = z.input<typeof setPasswordFormSchema>;

/** `POST /api/auth/password-reset`: 'Passwort vergessen?'. */
export const passwordResetRequestSchema = z.object({
  email: z
    .string({ error: AUTH_VALIDATION.fillAllFields })
    .trim()
    .toLowerCase()
    .min(1, AUTH_VALIDATION.fillAllFields)
    .max(254, AUTH_VALIDATION.invalidEmail)
    .regex(EMAIL_PATTERN, AUTH_VALIDATION.invalidEmail),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;
/** The same answer whether or not the address has an account (decision 0314). */
export const passwordResetSentSchema = z.object({ sent: z.literal(true) });

/** `GET /api/auth/password`: whether the signed-in person has a password yet. */
export const passwordStatusSchema = z.object({ hasPassword: z.boolean() });
export type PasswordStatus = z.infer<typeof passwordStatusSchema>;

/**
 * `PUT /api/auth/password` ('Passwort ändern'): the current password is needed when the account
 * has one; a person who signed in by magic link only sets a first one without it (decision 0313).
 */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
  newPassword: newPasswordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
/** 'Passwort ändern' with a current password: the current one, the new one twice. */
export const passwordChangeFormSchema = withRepeat(
  {
    currentPassword: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .min(1, PASSWORD_MESSAGES.currentRequired)
      .max(MAX_PASSWORD_LENGTH),
    newPassword: newPasswordSchema,
  },
  'newPassword',
);
export type PasswordChangeFormValues = z.input<typeof passwordChangeFormSchema>;
/** The first password of a person who has none yet (same section, same endpoint). */
export const firstPasswordFormSchema = withRepeat(
  { newPassword: newPasswordSchema },
  'newPassword',
);
export type FirstPasswordFormValues = z.input<typeof firstPasswordFormSchema>;

export const PASSWORD_ERRORS = defineErrors({
  password_too_common: {
    status: 400,
    title: 'Eingabefehler',
    message: PASSWORD_MESSAGES.tooCommon,
  },
  /** The demo password, the product's or business's name, the address (the message says which). */
  password_context_word: {
    status: 400,
    title: 'Eingabefehler',
    message: PASSWORD_MESSAGES.productName,
  },
  password_link_invalid: {
    status: 400,
    title: 'Link ungültig',
    message:
      'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Fordern Sie über „Passwort vergessen?“ einen neuen an.',
  },
  current_password_required: {
    status: 400,
    title: 'Eingabefehler',
    message: PASSWORD_MESSAGES.currentRequired,
  },
  current_password_wrong: {
    status: 400,
    title: 'Passwort nicht geändert',
    message: 'Das aktuelle Passwort ist falsch.',
  },
  password_already_set: {
    status: 409,
    title: 'Passwort bereits festgelegt',
    message:
      'Ihr Konto hat bereits ein Passwort. Sie ändern es unter „Konto und Sicherheit“ mit Ihrem aktuellen Passwort.',
  },
});
