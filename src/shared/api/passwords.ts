import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../domain/constants';
import { AUTH_VALIDATION, MAX_PASSWORD_LENGTH } from './auth';

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
