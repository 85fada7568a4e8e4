// Types only: the sources live beside their zod schemas, and a value import would load zod with
// every staff screen's first load (decision 0410).
import type { AUTH_ERRORS } from '../api/auth';
import type { employeeErrors } from '../api/employee';
import type { INSTANT_PAYOUT_ERRORS } from '../api/instant-payout';
import type { MEDIA_ERRORS } from '../api/media';
import type { PASSWORD_ERRORS } from '../api/passwords';
import type { PROFILE_ERRORS } from '../api/profiles';
import type { RECEIPT_ERRORS } from '../api/receipts';
import type { TWO_FACTOR_ERRORS } from '../api/two-factor';
import type { WALLET_ERRORS } from '../api/wallet';
import type { BUSINESS_ACCESS_ERRORS } from '../domain/business-access';
import type { ERRORS } from '../domain/errors';
import type { SESSION_ENDED_ERRORS } from '../domain/session-end';

/**
 * The server errors a staff screen can show. The server answers them in German
 * (the spec's words, unchanged); a browser in another staff language says them from its catalogue
 * by code. Admin-only errors are not here: admin screens stay German (decision 0383).
 */
export type StaffErrorSources = typeof ERRORS &
  typeof AUTH_ERRORS &
  typeof PROFILE_ERRORS &
  typeof PASSWORD_ERRORS &
  typeof TWO_FACTOR_ERRORS &
  typeof MEDIA_ERRORS &
  typeof employeeErrors &
  typeof INSTANT_PAYOUT_ERRORS &
  typeof WALLET_ERRORS &
  typeof RECEIPT_ERRORS &
  typeof BUSINESS_ACCESS_ERRORS &
  typeof SESSION_ENDED_ERRORS;

export type StaffErrorCode = keyof StaffErrorSources;
/** One translation for every code: a code added to a source above fails typecheck until said. */
export type StaffErrorTexts = Record<StaffErrorCode, { title: string; message: string }>;

export const staffErrorsEn: StaffErrorTexts = {
  validation_failed: { title: 'Input error', message: 'The input is invalid. Please check it.' },
  invalid_json: { title: 'Input error', message: 'The request contains no valid JSON.' },
  invalid_characters: {
    title: 'Input error',
    message: 'The request contains control characters that are not allowed (e.g. a null byte).',
  },
  invalid_url: { title: 'Input error', message: 'The address is invalid.' },
  bad_request: {
    title: 'Input error',
    message: 'The request is malformed and could not be read.',
  },
  headers_too_large: { title: 'Input error', message: 'The request headers are too large.' },
  request_timeout: { title: 'Timeout', message: 'The request did not arrive completely in time.' },
  url_too_long: { title: 'Input error', message: 'The address is too long.' },
  payload_too_large: { title: 'Input error', message: 'The request is too large.' },
  unsupported_media_type: { title: 'Input error', message: 'This data format is not supported.' },
  not_found: { title: 'Not found', message: 'The requested resource was not found.' },
  method_not_allowed: { title: 'Not allowed', message: 'This method is not allowed here.' },
  unauthenticated: { title: 'Not signed in', message: 'You need to be signed in.' },
  forbidden: { title: 'Access denied', message: 'You are not allowed to use this area.' },
  csrf_rejected: {
    title: 'Access denied',
    message: 'The request did not come from this application and was refused.',
  },
  conflict: { title: 'Conflict', message: 'The data has changed meanwhile. Please reload.' },
  rate_limited: {
    title: 'Too many requests',
    message: 'Please wait 1 minute(s) and try again.',
  },
  service_unavailable: {
    title: 'Service unavailable',
    message: 'The service cannot be reached at the moment. Please try again later.',
  },
  internal: {
    title: 'System error',
    message: 'An unexpected error occurred. Please try again.',
  },
  invalid_credentials: {
    title: 'Sign-in failed',
    message: 'E-mail or password is wrong. Please check your input.',
  },
  email_not_confirmed: {
    title: 'Sign-in failed',
    message: 'Your e-mail account has not been confirmed yet.',
  },
  too_many_attempts: {
    title: 'Sign-in failed',
    message: 'Too many sign-in attempts. Please wait a moment.',
  },
  signup_disabled: { title: 'Sign-in failed', message: 'Sign-up is currently disabled.' },
  account_deactivated: {
    title: 'Sign-in failed',
    message: 'Your account is deactivated. Please contact the owner of your business.',
  },
  sign_in_failed: { title: 'Sign-in failed', message: 'Sign-in failed. Please try again.' },
  magic_link_invalid: {
    title: 'Sign-in error',
    message: 'The sign-in link is invalid, has expired or has already been used.',
  },
  session_expired: {
    title: 'Session expired',
    message: 'You were signed out automatically because you were inactive.',
  },
  profile_not_found: {
    title: 'Profile not found',
    message: 'There is no profile for this account yet.',
  },
  profile_no_user: { title: 'Error while saving', message: 'No user logged in' },
  profile_role_change_forbidden: {
    title: 'Not allowed',
    message: 'You may not assign this role.',
  },
  profile_image_not_found: {
    title: 'Error while saving',
    message: 'The profile picture was not found. Please upload it again.',
  },
  password_too_common: {
    title: 'Input error',
    message: 'This password is too common and easy to guess. Please choose another one.',
  },
  password_context_word: {
    title: 'Input error',
    message:
      'This password contains the name “Trinkgeld” and is easy to guess. Please choose another one.',
  },
  password_link_invalid: {
    title: 'Invalid link',
    message:
      'This link is invalid, has expired or has already been used. Request a new one with “Forgot password?”.',
  },
  current_password_required: {
    title: 'Input error',
    message: 'Please enter your current password.',
  },
  current_password_wrong: {
    title: 'Password not changed',
    message: 'The current password is wrong.',
  },
  password_already_set: {
    title: 'Password already set',
    message:
      'Your account already has a password. You change it under “Account and security” with your current password.',
  },
  two_factor_setup_required: {
    title: 'Two-factor sign-in required',
    message: 'Please set up two-factor sign-in first.',
  },
  two_factor_code_invalid: {
    title: 'Invalid code',
    message:
      'The code is wrong or has expired. Please enter the current code from your authenticator app.',
  },
  two_factor_sign_in_code_invalid: {
    title: 'Sign-in failed',
    message: 'The confirmation code is wrong. Please try again.',
  },
  two_factor_code_already_used: {
    title: 'Code already used',
    message:
      'This code has already been used. Please wait for the next code in your authenticator app.',
  },
  two_factor_recovery_code_already_used: {
    title: 'Code already used',
    message: 'This recovery code has already been used. Each code works once; please use another.',
  },
  two_factor_challenge_invalid: {
    title: 'Sign-in failed',
    message:
      'The sign-in has expired or was tried too often with a wrong code. Please sign in again.',
  },
  two_factor_already_enabled: { title: 'Error', message: 'Two-factor sign-in is already on.' },
  two_factor_not_enabled: { title: 'Error', message: 'Two-factor sign-in is not on.' },
  two_factor_setup_missing: {
    title: 'Error',
    message: 'The setup was not started or is finished. Please start again.',
  },
  upload_quota: {
    title: 'Too many pictures',
    message:
      'You have uploaded 10 pictures that are not used yet. Please save one of them or try again tomorrow.',
  },
  image_too_large: { title: 'Picture too large', message: 'The picture may be at most 2 MB.' },
  image_unsupported: {
    title: 'Picture format not supported',
    message: 'Please choose a picture in PNG, JPEG or WebP format.',
  },
  image_empty: { title: 'No picture', message: 'Please choose a picture.' },
  qr_load_failed: { title: 'Error', message: 'The QR code data could not be loaded.' },
  qr_already_exists: { title: 'Error', message: 'You already have an active QR code.' },
  no_business: {
    title: 'Error',
    message: 'Your profile belongs to no business. Please contact your employer.',
  },
  payouts_unavailable: {
    title: 'Payouts not set up',
    message:
      'Payouts to your bank account need a connected payment provider (Stripe). This installation runs the demo payment provider: payouts are only simulated, no real money moves. Please contact your employer.',
  },
  payout_provider_failed: {
    title: 'Stripe Connect',
    message: 'The connection to Stripe failed. Please try again later.',
  },
  instant_nothing_available: {
    title: 'No balance',
    message: 'You currently have no balance that can be paid out instantly.',
  },
  instant_below_fee: {
    title: 'Balance too low',
    message:
      'Your balance is smaller than the fee of an instant payout. It is transferred with the next regular payout.',
  },
  instant_balance_changed: {
    title: 'Balance changed',
    message:
      'Your balance has changed meanwhile. Please check the new amount and the fee and confirm again.',
  },
  instant_not_supported: {
    title: 'Instant payout not possible',
    message:
      'Your payout account does not support instant payouts (e.g. no suitable debit card on file). Your balance is transferred with the next regular payout.',
  },
  instant_account_not_ready: {
    title: 'Payout account not ready',
    message: 'Please set up your payout account first.',
  },
  instant_no_business: {
    title: 'No business',
    message: 'Instant payouts exist only for staff of a business.',
  },
  instant_refused: {
    title: 'Instant payout refused',
    message:
      'The payment provider refused the payout. Your balance stays and is transferred with the next payout.',
  },
  apple_wallet_unavailable: {
    title: 'Coming soon',
    message: 'The Apple Wallet link is not available.',
  },
  google_wallet_unavailable: {
    title: 'Not available',
    message: 'Google Wallet is not set up for this installation.',
  },
  wallet_no_point: {
    title: 'No QR code yet',
    message: 'You have no active personal payment point yet. Create your QR code first.',
  },
  wallet_not_person_point: {
    title: 'Not possible',
    message:
      'Wallet passes exist only for active payment points of a person, not for teams or objects.',
  },
  receipt_not_paid: {
    title: 'No receipt possible',
    message: 'A receipt exists only for a paid tip.',
  },
  receipt_limit: {
    title: 'Too many receipts',
    message: 'Enough receipts have been sent for this tip today.',
  },
  receipt_not_sent: {
    title: 'Receipt not sent',
    message: 'The receipt could not be sent just now. Please try again later.',
  },
  reply_tip_not_found: {
    title: 'Tip not found',
    message: 'This tip does not exist, or it did not go to you.',
  },
  reply_without_message: {
    title: 'Reply not possible',
    message: 'You can only reply to a tip the guest wrote something with.',
  },
  reply_needs_message: {
    title: 'Reply by e-mail not possible',
    message:
      'A reply needs a message to answer. Write a few words or do without the reply by e-mail.',
  },
  business_suspended: {
    title: 'Business suspended',
    message: 'Your business is currently suspended. Please contact the operator.',
  },
  business_closed: {
    title: 'Business closed',
    message: 'Your business has been closed. Please contact the operator.',
  },
  session_password_changed: {
    title: 'Signed out',
    message:
      'The password of your account was changed elsewhere. Please sign in with the new password.',
  },
  session_two_factor_enabled: {
    title: 'Signed out',
    message: 'Two-factor sign-in was turned on for your account elsewhere. Please sign in again.',
  },
  session_two_factor_reset: {
    title: 'Signed out',
    message: 'The two-factor sign-in of your account was reset. Please sign in again.',
  },
  session_account_deactivated: {
    title: 'Account deactivated',
    message: 'Your account has been deactivated. Please contact the owner of your business.',
  },
  session_signed_out: { title: 'Signed out', message: 'You were signed out elsewhere.' },
  session_lifetime_ended: {
    title: 'Session expired',
    message: 'A sign-in lasts at most 12 hours. Please sign in again.',
  },
  reply_already_sent: {
    title: 'Already answered',
    message: 'This tip has already been answered. A reply is possible only once.',
  },
};
