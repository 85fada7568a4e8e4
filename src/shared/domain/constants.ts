import { DEFAULT_THANKS_DE } from '../i18n/default-thanks';

/**
 * Business constants from spec §9, shared by browser and server so the two can never disagree.
 * Durations are milliseconds unless the name says otherwise.
 */
export const AUTH_LOADING_TIMEOUT_MS = 10_000;
export const INACTIVITY_TIMEOUT_MS = 15 * 60_000;
export const INACTIVITY_WARNING_BEFORE_MS = 2 * 60_000;
export const ACTIVITY_RESET_THROTTLE_MS = 30_000;
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'scroll',
  'touchstart',
  'click',
] as const;

export const MIN_PASSWORD_LENGTH = 6;
/** A platform admin's password holds the keys to every business: longer. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
export const DEFAULT_RATE_LIMIT_RETRY_SECONDS = 60;
export const MAGIC_LINK_TTL_MS = 15 * 60_000;
/** An invitation link: valid 7 days, single use. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export const PROFILE_FETCH_RETRIES = 2;
export const PROFILE_FETCH_RETRY_DELAY_MS = 1_000;

export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_DASHBOARD_ROWS = 15;
export const AUDIT_LOG_HELPER_LIMIT = 20;

export const PAYMENT_SESSION_TIMEOUT_MS = 5 * 60_000;
export const PAYMENT_MAX_RETRIES = 3;
export const PAYMENT_RETRY_BASE_DELAY_MS = 1_000;
export const PAYMENT_RETRY_MAX_DELAY_MS = 5_000;
export const CARD_REDIRECT_DELAY_MS = 1_000;
export const WALLET_DELAY_MS = 1_500;
export const SIMULATED_PAYMENT_DELAY_MS = 2_000;
export const SIMULATED_FAILURE_RATE = 0.3;

export const INTEGRATION_RETRIES = 3;
export const INTEGRATION_RETRY_BASE_DELAY_MS = 1_000;

/** Preset tip amounts on the tip page, in cents. */
export const PRESET_TIP_AMOUNTS_CENTS = [500, 1000, 1500] as const;
/** Quick buttons named in the documentation pages, in cents. */
export const QUICK_TIP_AMOUNTS_CENTS = [500, 1000, 1500, 2000, 2500, 3000] as const;
export const CUSTOM_AMOUNT_STEP_CENTS = 50;
/**
 * Smallest tip: 0,50 €, Stripe's minimum charge in euros (decision 0007, amended by 0476). The
 * guest's optional contribution only adds to the charge, so the tip itself is what must reach it.
 */
export const MIN_TIP_CENTS = 50;
/** Upper bound for one tip (spec: not shown); see docs/decisions. */
export const MAX_TIP_CENTS = 50_000;
export const PLATFORM_FEE_CENTS = 45;
export const EXAMPLE_PLATFORM_CONTRIBUTION_CENTS = 50;
export const DEFAULT_CURRENCY = 'eur';
export const GUEST_MESSAGE_MAX_LENGTH = 200;
export const PAY_LATER_LINK_TTL_MS = 24 * 60 * 60_000;

export const SUCCESS_ANIMATION_STEPS_MS = [0, 400, 800] as const;
export const FEEDBACK_DIALOG_DELAY_MS = 1_200;
export const CUSTOM_AMOUNT_TRACKING_PAUSE_MS = 1_000;

export const THANK_YOU_LIST_LIMIT = 10;
export const NEW_MESSAGE_HIGHLIGHT_MS = 5_000;

export const EMPLOYEE_HISTORY_WINDOW_DAYS = 14;
export const TODAY_OVERVIEW_MAX_PER_STATUS = 3;

export const QR_DISPLAY_SIZE_PX = 200;
export const QR_PRINT_SIZE_PX = 150;
export const QR_ERROR_CORRECTION = 'M' as const;
export const QR_PNG_DOWNLOAD_SIZE_PX = 400;
export const SIMULATED_EXPORT_CANVAS_PX = 300;

export const DEMO_ENTRYPOINT_PREFIX = 'aio-';
export const DEMO_ENTRYPOINT_COUNT = { person: 4, object: 3, team: 3 } as const;

export const MAX_INITIALS = 2;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;

export const PRO_PRICE_CENTS_PER_LOCATION_MONTH = 1_900;

export const BRANDING_FONTS = [
  'Fira Sans',
  'Inter',
  'Roboto',
  'Open Sans',
  'Montserrat',
  'Poppins',
] as const;
export const BRANDING_LANGUAGES = ['de', 'en', 'fr', 'es', 'it'] as const;
export const BRANDING_TONALITIES = ['formal', 'friendly', 'casual'] as const;
/** The businesses are in Germany: days, months and shift times are Berlin's (decision 0372). */
export const BUSINESS_TIME_ZONE = 'Europe/Berlin';
export const DEFAULT_BRANDING_COLORS = {
  primary: '#003057',
  secondary: '#C8C9C7',
  accent: '#C8AA61',
} as const;
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export const BREAKPOINTS_PX = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

export const TOKEN_REFRESH_TICK_MS = 30_000;
export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_JOIN_TIMEOUT_MS = 10_000;
export const REALTIME_RECONNECT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** Statistics periods: how far back each reaches and the divisor for the average per day. */
export const STATS_PERIODS = {
  day: { label: 'Letzter Tag', days: 1 },
  week: { label: 'Letzte 2 Wochen', days: 14 },
  // The month is one calendar month back; its daily average divides by that month's days.
  month: { label: 'Letzter Monat', days: 30 },
} as const;
export type StatsPeriod = keyof typeof STATS_PERIODS;
export const DEFAULT_STATS_PERIOD: StatsPeriod = 'week';

/** The `origin` value that marks payment points created by this product itself. */
export const PRODUCT_ENTRYPOINT_ORIGIN = 'trinkgeld';
/** The schema default for `origin`: a point registered by an external partner. */
export const EXTERNAL_ENTRYPOINT_ORIGIN = 'external';

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Stored as written (German); the guest pages say it in the guest's language (RecipientHeader). */
export const DEFAULT_THANK_YOU_MESSAGE = DEFAULT_THANKS_DE;
