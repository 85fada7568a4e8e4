/** How long a confirmation link works (sign-up, decision 0325). */
export const SIGNUP_CONFIRMATION_TTL_MS = 24 * 60 * 60_000;
export const SIGNUP_CONFIRMATION_TTL_HOURS = SIGNUP_CONFIRMATION_TTL_MS / 3_600_000;
