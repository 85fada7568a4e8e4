/**
 * Drizzle table definitions for typed queries. The SQL migrations in ./migrations are the source
 * of truth for the database; `schema.int.test.ts` checks that these definitions match them.
 */
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgreementDocument } from '../../shared/domain/agreements';
import type { AuditAction } from '../../shared/domain/audit';
import type { PayoutSchedule, PayoutTrigger, SkippedPayee } from '../../shared/domain/payouts';
import type {
  BillingDetails,
  InvoicePartyRecord,
  SubscriptionStatus,
} from '../../shared/domain/plans';
import type { Role } from '../../shared/domain/roles';
import type { SessionEndCode } from '../../shared/domain/session-end';
import type { StaffLanguage } from '../../shared/domain/staff-language';
import type { GuestLocale } from '../../shared/i18n/guest-locale';
import type {
  AnalyticsEventName,
  EntrypointTargetType,
  EntrypointType,
  FeedbackEmoji,
  PaymentMethod,
  PaymentProviderName,
  PaymentSessionStatus,
  PayoutStatus,
  TipSource,
  TipStatus,
} from '../../shared/domain/tips';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  logoUrl: text('logo_url'),
  contactEmail: text('contact_email'),
  active: boolean('active').notNull().default(true),
  /** How often the payout job pays this business out (migration 0140). */
  payoutSchedule: text('payout_schedule').notNull().default('daily').$type<PayoutSchedule>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Postal address and legal details, given when the platform admin creates it (migration 0312). */
  address: text('address'),
  legalForm: text('legal_form'),
  registerEntry: text('register_entry'),
  vatId: text('vat_id'),
  /** Why and since when `active` is off (suspended by the platform admin), or closed for good. */
  suspendedAt: tstz('suspended_at'),
  suspensionReason: text('suspension_reason'),
  closedAt: tstz('closed_at'),
  /** When the retention job erased the closed business's personal data. */
  erasedAt: tstz('erased_at'),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  emailVerifiedAt: tstz('email_verified_at'),
  disabledAt: tstz('disabled_at'),
  lastLoginAt: tstz('last_login_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const media = pgTable('media', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull().$type<'image/png' | 'image/jpeg' | 'image/webp'>(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull().default('employee').$type<Role>(),
  fullName: text('full_name'),
  email: text('email').notNull(),
  jobTitle: text('job_title'),
  thankYouMessage: text('thank_you_message').notNull().default('Vielen Dank für Ihr Trinkgeld!'),
  profileImageUrl: text('profile_image_url'),
  businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
  stripeAccountId: text('stripe_account_id').unique(),
  stripeAccountStatus: text('stripe_account_status')
    .notNull()
    .default('none')
    .$type<'none' | 'pending' | 'enabled' | 'restricted'>(),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  messagesSeenAt: tstz('messages_seen_at'),
  /** Staff screens and staff e-mails (migration 0383). */
  staffLanguage: text('staff_language').notNull().default('de').$type<StaffLanguage>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable('auth_sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  idleExpiresAt: tstz('idle_expires_at').notNull(),
  absoluteExpiresAt: tstz('absolute_expires_at').notNull(),
  userAgent: text('user_agent'),
  ipHash: text('ip_hash'),
  /** The person had never signed in before this session (decision 0510): a first-time greeting. */
  firstSignIn: boolean('first_sign_in').notNull().default(false),
});

/**
 * Migration 0505 (decision 0505): a session ended for a reason, keyed by its `auth_sessions.id`
 * (the cookie token's hash), until the session's absolute end; its next request hears why.
 */
export const authSessionEndings = pgTable('auth_session_endings', {
  sessionId: text('session_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull().$type<SessionEndCode>(),
  endedAt: tstz('ended_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

export const authTokens = pgTable('auth_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  purpose: text('purpose').notNull().$type<'magic_link' | 'invitation' | 'password_reset'>(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  redirectTo: text('redirect_to'),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: createdAt(),
});

/**
 * Migration 0338 (decision 0343): a business's pending invitation of an address that already has
 * an account elsewhere. The staff list shows it like an invited person; it never refers to the
 * account.
 */
export const staffInvitationNotices = pgTable('staff_invitation_notices', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** Unique per business (with business_id). */
  email: text('email').notNull(),
  role: text('role').notNull().$type<Role>(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: tstz('created_at').notNull(),
  expiresAt: tstz('expires_at'),
  withdrawnAt: tstz('withdrawn_at'),
  updatedAt: tstz('updated_at').notNull(),
});

/** Two-factor sign-in (migration 0311): the sealed TOTP secret; pending while enabledAt is null. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: tstz('enabled_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: tstz('created_at').notNull(),
  updatedAt: tstz('updated_at').notNull(),
});

export const twoFactorRecoveryCodes = pgTable('two_factor_recovery_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: tstz('used_at'),
  createdAt: tstz('created_at').notNull(),
});

export const twoFactorChallenges = pgTable('two_factor_challenges', {
  /** SHA-256 of the challenge token. */
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method').notNull().$type<'password' | 'magic_link'>(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: tstz('created_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: tstz('window_started_at').notNull(),
  resetAt: tstz('reset_at').notNull(),
});

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  splitRule: text('split_rule').notNull().default('equal').$type<'equal' | 'weighted' | 'hours'>(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    weight: integer('weight').notNull().default(1),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
    leftAt: tstz('left_at'),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.profileId] })],
);

/** Shape of payment_entrypoints.metadata (spec §3). */
export interface EntrypointMetadata {
  name?: string;
  description?: string;
  created_by?: string;
  demo?: boolean;
  department?: string;
  shift?: string;
  speciality?: string;
  location?: string;
  [key: string]: unknown;
}

/** Shape of payment_entrypoints.output_assets (spec §3). */
export interface EntrypointOutputAssets {
  qr_url?: string;
  nfc_export_url?: string;
  apple_wallet_url?: string;
  integration?: {
    nfcObjectId?: string;
    qrCodeId?: string;
    downloadLinks?: { png?: string; pdf?: string; svg?: string };
    syncedAt?: string;
    error?: string;
    failedAt?: string;
  };
  [key: string]: unknown;
}

export const paymentEntrypoints = pgTable('payment_entrypoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  uid: text('uid').notNull().unique(),
  type: text('type').notNull().$type<EntrypointType>(),
  label: text('label'),
  targetId: uuid('target_id').notNull(),
  targetType: text('target_type').notNull().$type<EntrypointTargetType>(),
  origin: text('origin').notNull().default('external'),
  active: boolean('active').notNull().default(true),
  /** The owner's mark on a person's primary point (decision 0355); at most one per person. */
  isPrimary: boolean('is_primary').notNull().default(false),
  metadata: jsonb('metadata').notNull().default({}).$type<EntrypointMetadata>(),
  outputAssets: jsonb('output_assets').notNull().default({}).$type<EntrypointOutputAssets>(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const qrCodes = pgTable('qr_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  employeeId: uuid('employee_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
  isActive: boolean('is_active').notNull().default(true),
  lastUsedAt: tstz('last_used_at'),
  createdAt: createdAt(),
});

export const tips = pgTable('tips', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'restrict' }),
  employeeId: uuid('employee_id').references(() => profiles.id, { onDelete: 'set null' }),
  teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
  entrypointId: uuid('entrypoint_id').references(() => paymentEntrypoints.id, {
    onDelete: 'set null',
  }),
  entrypointUid: text('entrypoint_uid'),
  qrCodeId: uuid('qr_code_id').references(() => qrCodes.id, { onDelete: 'set null' }),
  amountCents: integer('amount_cents').notNull(),
  platformFeeCents: integer('platform_fee_cents').notNull().default(0),
  currency: text('currency').notNull().default('eur'),
  status: text('status').notNull().default('initiated').$type<TipStatus>(),
  tipSource: text('tip_source').notNull().default('direct').$type<TipSource>(),
  platformFeeCovered: boolean('platform_fee_covered').notNull().default(false),
  paymentMethod: text('payment_method').$type<PaymentMethod>(),
  paymentProvider: text('payment_provider').$type<PaymentProviderName>(),
  paymentIntentId: text('payment_intent_id'),
  stripeTransferId: text('stripe_transfer_id'),
  guestMessage: text('guest_message'),
  feedbackEmoji: text('feedback_emoji').$type<FeedbackEmoji>(),
  feedbackMessage: text('feedback_message'),
  feedbackAt: tstz('feedback_at'),
  feedbackSecretHash: text('feedback_secret_hash'),
  failureReason: text('failure_reason'),
  /** The pay-later link this tip was started through (FK in migration 0160). */
  payLaterLinkId: uuid('pay_later_link_id'),
  /** The first attempt of this tip's flow; null when this tip is a first attempt (0330). */
  flowId: uuid('flow_id'),
  /** Set when another tip of the flow was paid first: this payment goes back (0330). */
  duplicateOf: uuid('duplicate_of'),
  /** The payout that carries this direct tip (migration 0140; FK to payouts). */
  payoutId: uuid('payout_id'),
  /** Why a paid tip is held for review and not paid out (migration 0141). */
  reviewReason: text('review_reason'),
  reviewAt: tstz('review_at'),
  /** How much of the payment went back so far (migration 0141). */
  refundedCents: integer('refunded_cents').notNull().default(0),
  /** The tip page visit this tip was started in (migration 0460, decision 0461). */
  visitId: text('visit_id'),
  createdAt: createdAt(),
  paidAt: tstz('paid_at'),
  processedAt: tstz('processed_at'),
  updatedAt: updatedAt(),
});

export const paymentSessions = pgTable('payment_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tipId: uuid('tip_id')
    .notNull()
    .references(() => tips.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().$type<PaymentProviderName>(),
  providerSessionId: text('provider_session_id'),
  status: text('status').notNull().default('open').$type<PaymentSessionStatus>(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('eur'),
  paymentMethod: text('payment_method').$type<PaymentMethod>(),
  checkoutUrl: text('checkout_url'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  attempt: integer('attempt').notNull().default(1),
  failureReason: text('failure_reason'),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
  completedAt: tstz('completed_at'),
  guestSessionId: text('guest_session_id'),
  endedAt: tstz('ended_at'),
  /** When the reconciliation job last asked the provider about this session (migration 0204). */
  reconciledAt: tstz('reconciled_at'),
});

/** The demo provider's own checkout sessions (migration 0020): its stand-in for Stripe's side. */
export const demoCheckoutSessions = pgTable('demo_checkout_sessions', {
  id: text('id').primaryKey(),
  paymentSessionId: uuid('payment_session_id')
    .notNull()
    .unique()
    .references(() => paymentSessions.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull().default('open').$type<'open' | 'paid' | 'failed' | 'expired'>(),
  paymentId: text('payment_id'),
  failureReason: text('failure_reason'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  /** The refund of a paid demo checkout (migration 0162). */
  refundId: text('refund_id'),
  refundedAt: tstz('refunded_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payLaterLinks = pgTable('pay_later_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  entrypointId: uuid('entrypoint_id').references(() => paymentEntrypoints.id, {
    onDelete: 'cascade',
  }),
  qrCodeId: uuid('qr_code_id').references(() => qrCodes.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  amountCents: integer('amount_cents').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  /** The one tip paid through this link; set once, when its money arrived. */
  paidTipId: uuid('paid_tip_id').references(() => tips.id, { onDelete: 'set null' }),
  usedAt: tstz('used_at'),
  /** The flow of the tip the link was made for (migration 0330); paying that flow closes it. */
  flowId: uuid('flow_id'),
  /** What the guest entered with it (migration 0456): restored when the link is opened. */
  platformFee: boolean('platform_fee').notNull().default(false),
  /** Emptied by the retention job once the link has expired. */
  guestMessage: text('guest_message'),
  createdAt: createdAt(),
});

export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: text('provider').notNull().$type<PaymentProviderName>(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
  processedAt: tstz('processed_at'),
  error: text('error'),
});

export const tipAllocations = pgTable('tip_allocations', {
  id: uuid('id').primaryKey().defaultRandom(),
  tipId: uuid('tip_id')
    .notNull()
    .references(() => tips.id, { onDelete: 'cascade' }),
  profileId: uuid('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'restrict' }),
  amountCents: integer('amount_cents').notNull(),
  weight: integer('weight').notNull().default(1),
  reason: text('reason').notNull(),
  payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** The rule and facts the share was made by (migration 0660); null for older shares. */
  splitRule: text('split_rule').$type<'equal' | 'weighted' | 'hours' | 'pool_hours'>(),
  workMinutes: integer('work_minutes'),
  pointsMilli: integer('points_milli'),
  poolDistributionId: uuid('pool_distribution_id').references(() => poolDistributions.id, {
    onDelete: 'set null',
  }),
});

/** A person's points for splits by hours, in thousandths (migration 0660, decision 0660). */
export const workPoints = pgTable('work_points', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  pointsMilli: integer('points_milli').notNull(),
  roleLabel: text('role_label').notNull().default(''),
  updatedAt: updatedAt(),
});

/** One confirmed 'Pool verteilen' by hours (migration 0660, decision 0660). */
export const poolDistributions = pgTable('pool_distributions', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  firstDay: date('first_day', { mode: 'string' }).notNull(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  tipCount: integer('tip_count').notNull(),
  shares: jsonb('shares').notNull().$type<unknown[]>(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The key and the figures of both paid-tip totals tables (a fresh set of columns per table). */
const paidTipTotalsColumns = () => ({
  businessId: uuid('business_id').notNull(),
  kind: text('kind').$type<'all' | 'person' | 'team' | 'point'>().notNull(),
  key: text('key').notNull(),
  ref: text('ref').notNull(),
  slot: smallint('slot').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  tipCount: integer('tip_count').notNull(),
  messageCount: integer('message_count').notNull(),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
});

/**
 * Paid-tip sums per business, Europe/Berlin day and key, kept by triggers on tips and
 * tip_allocations (migration 0260, decision 0260). Read with SQL in features/tip-totals.
 */
export const tipDayTotals = pgTable(
  'tip_day_totals',
  { ...paidTipTotalsColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.businessId, t.kind, t.day, t.key, t.ref, t.slot] })],
);

/** The same sums per Europe/Berlin calendar month (`month` is its first day; migration 0300). */
export const tipMonthTotals = pgTable(
  'tip_month_totals',
  { ...paidTipTotalsColumns(), month: date('month', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.businessId, t.kind, t.month, t.key, t.ref, t.slot] })],
);

export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'restrict' }),
  employeeId: uuid('employee_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'restrict' }),
  batchId: uuid('batch_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('eur'),
  status: text('status').notNull().default('pending').$type<PayoutStatus>(),
  provider: text('provider').notNull().$type<PaymentProviderName>(),
  providerTransferId: text('provider_transfer_id'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
  processedAt: tstz('processed_at'),
  /** When an instance started calling the provider for it (lease, migration 0140). */
  claimedAt: tstz('claimed_at'),
  attempts: integer('attempts').notNull().default(0),
  /** 'instant': the employee asked for their balance now (migration 0150). */
  method: text('method').notNull().default('standard').$type<'standard' | 'instant'>(),
  /** The instant payout fee the employee confirmed; the transfer carries amount - fee. */
  feeCents: integer('fee_cents').notNull().default(0),
  /** The provider's payout to the employee's card ('po_…'), for instant payouts. */
  providerPayoutId: text('provider_payout_id'),
});

/** One run of the payout job for one business (migration 0140). */
export const payoutBatches = pgTable('payout_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'restrict' }),
  trigger: text('trigger').notNull().$type<PayoutTrigger>(),
  requestedBy: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
  skipped: jsonb('skipped').notNull().default([]).$type<SkippedPayee[]>(),
  createdAt: createdAt(),
});

/** Money taken back from one employee's share of a tip (migration 0141). */
export const tipAdjustments = pgTable('tip_adjustments', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'restrict' }),
  tipId: uuid('tip_id')
    .notNull()
    .references(() => tips.id, { onDelete: 'cascade' }),
  profileId: uuid('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'restrict' }),
  kind: text('kind').notNull().$type<'refund' | 'dispute' | 'dispute_won'>(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  providerRef: text('provider_ref').notNull(),
  payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The demo provider's simulated transfers, one per idempotency key (migration 0140). */
export const demoTransfers = pgTable('demo_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  destination: text('destination').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  transferGroup: text('transfer_group'),
  createdAt: createdAt(),
});

/** The demo provider's simulated payouts to an employee's card (migration 0150). */
export const demoPayouts = pgTable('demo_payouts', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  account: text('account').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  method: text('method').notNull().$type<'standard' | 'instant'>(),
  createdAt: createdAt(),
});

export const analyticsEvents = pgTable('analytics_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().$type<AnalyticsEventName>(),
  businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
  entrypointUid: text('entrypoint_uid'),
  tipId: uuid('tip_id').references(() => tips.id, { onDelete: 'set null' }),
  properties: jsonb('properties').notNull().default({}).$type<Record<string, unknown>>(),
  /** A counted tip page visit's id (migration 0460, decision 0461); its tips carry it too. */
  visitId: text('visit_id'),
  createdAt: createdAt(),
});

export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  /** True when tokens were removed from the bodies above (decision 0201). */
  redacted: boolean('redacted').notNull().default(false),
  status: text('status')
    .notNull()
    .default('pending')
    .$type<'pending' | 'sent' | 'failed' | 'console' | 'logged'>(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: tstz('sent_at'),
  /** The invitation the mail carries: the invited user's id or a notice's (decision 0500). */
  invitationId: uuid('invitation_id'),
  /** Insertion order: the newest mail of an invitation, whatever the clock said. */
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  /** When the invitation-mail retry job tries again; null once delivered or given up. */
  nextAttemptAt: tstz('next_attempt_at'),
});

export const branding = pgTable('branding', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  primaryColor: text('primary_color').notNull().default('#003057'),
  secondaryColor: text('secondary_color').notNull().default('#C8C9C7'),
  accentColor: text('accent_color').notNull().default('#C8AA61'),
  fontFamily: text('font_family').notNull().default('Fira Sans'),
  logoUrl: text('logo_url'),
  language: text('language').notNull().default('de'),
  thankYouMessage: text('thank_you_message'),
  backgroundImageUrl: text('background_image_url'),
  companyName: text('company_name'),
  tonality: text('tonality')
    .notNull()
    .default('friendly')
    .$type<'formal' | 'friendly' | 'casual'>(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const integrationSettings = pgTable('integration_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  tenantId: text('tenant_id').notNull(),
  connectionStatus: text('connection_status')
    .notNull()
    .default('untested')
    .$type<'untested' | 'connected' | 'error'>(),
  lastError: text('last_error'),
  lastTestedAt: tstz('last_tested_at'),
  updatedAt: updatedAt(),
});

export const adminAuditLog = pgTable('admin_audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
  adminId: uuid('admin_id').references(() => profiles.id, { onDelete: 'set null' }),
  businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
  action: text('action').notNull().$type<AuditAction>(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  payload: jsonb('payload').notNull().default({}).$type<Record<string, unknown>>(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  /** The API key that acted, when no person did (migration 0640). */
  apiKeyId: uuid('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'set null' }),
});

/** Shift routing (migration 0122): a point or a team assigned to a person for a time range. */
export const shiftAssignments = pgTable('shift_assignments', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  entrypointId: uuid('entrypoint_id').references(() => paymentEntrypoints.id, {
    onDelete: 'cascade',
  }),
  teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
  profileId: uuid('profile_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  /** YYYY-MM-DD, the Europe/Berlin day. */
  day: date('day', { mode: 'string' }).notNull(),
  startMinute: integer('start_minute').notNull(),
  endMinute: integer('end_minute').notNull(),
  startsAt: tstz('starts_at').notNull(),
  endsAt: tstz('ends_at').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** An employee's one reply to a tip that carries a message (migration 0144). */
export const tipReplies = pgTable('tip_replies', {
  tipId: uuid('tip_id')
    .primaryKey()
    .references(() => tips.id, { onDelete: 'cascade' }),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').references(() => profiles.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  repliedAt: tstz('replied_at').notNull(),
});

/** The guest's sealed address for the reply mail, until it is sent or expires (migration 0144). */
export const tipReplyAddresses = pgTable('tip_reply_addresses', {
  tipId: uuid('tip_id')
    .primaryKey()
    .references(() => tips.id, { onDelete: 'cascade' }),
  addressSealed: text('address_sealed').notNull(),
  language: text('language').notNull().$type<GuestLocale>(),
  createdAt: tstz('created_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});

/**
 * A sign-up waiting for its address to be confirmed (migration 0313, decision 0325). No password
 * and no acceptance: those come with the confirmation (migration 0430, decision 0430).
 */
export const pendingSignups = pgTable('pending_signups', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  businessName: text('business_name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
});

/** The terms (AGB) and data-processing agreement (AVV) a business accepted (migration 0313). */
export const businessAgreements = pgTable('business_agreements', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  document: text('document').notNull().$type<AgreementDocument>(),
  version: text('version').notNull(),
  acceptedAt: tstz('accepted_at').notNull(),
  createdAt: createdAt(),
});

/** The set-up checklist's own facts per business (migration 0313, decision 0328). */
export const businessSetup = pgTable('business_setup', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  qrExportedAt: tstz('qr_exported_at'),
  dismissedAt: tstz('dismissed_at'),
  dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * One row per server instance (process start), upserted by its heartbeat (migration 0400,
 * decision 0404). `jobs` and `reconciliation` are read through the zod shapes of
 * `features/system-status/stored.ts`, so an older instance's row cannot break the status view.
 */
export const instanceHeartbeats = pgTable('instance_heartbeats', {
  instanceId: uuid('instance_id').primaryKey(),
  hostName: text('host_name').notNull(),
  version: text('version').notNull(),
  startedAt: tstz('started_at').notNull(),
  lastSeenAt: tstz('last_seen_at').notNull(),
  stoppedAt: tstz('stopped_at'),
  jobs: jsonb('jobs').notNull().default({}).$type<Record<string, unknown>>(),
  reconciliation: jsonb('reconciliation').$type<Record<string, unknown>>(),
});

/** One finished `npm run backup` (migration 0490): the status view's last backup. */
export const backupRuns = pgTable('backup_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  finishedAt: tstz('finished_at').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  fileName: text('file_name').notNull(),
  migration: text('migration').notNull(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
});

/** A business's plan: Pro by trial, subscription or the operator's grant (migration 0610). */
export const businessPlans = pgTable('business_plans', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('basis').$type<SubscriptionStatus>(),
  trialEndsAt: tstz('trial_ends_at'),
  trialUsed: boolean('trial_used').notNull().default(false),
  currentPeriodEnd: tstz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  pastDueSince: tstz('past_due_since'),
  locations: integer('locations').notNull().default(1),
  grantedUntil: tstz('granted_until'),
  provider: text('provider'),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id').unique(),
  billingDetails: jsonb('billing_details').$type<BillingDetails>(),
  lastEventAt: tstz('last_event_at'),
  /** The dunning run's reminder and downgrade mail went out (migration 0620). */
  dunningReminderSentAt: tstz('dunning_reminder_sent_at'),
  dunningEndedMailSentAt: tstz('dunning_ended_mail_sent_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A booking in progress at the payment provider (migration 0610). */
export const billingCheckouts = pgTable('billing_checkouts', {
  id: text('id').primaryKey(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  locations: integer('locations').notNull(),
  billingDetails: jsonb('billing_details').notNull().$type<BillingDetails>(),
  status: text('status').notNull().default('open').$type<'open' | 'completed' | 'cancelled'>(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  decidedAt: tstz('decided_at'),
});

/** Every subscription or invoice event of the provider, once (migration 0610). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  occurredAt: tstz('occurred_at').notNull(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
});

/** The last invoice number handed out per year: gapless numbering (migration 0610). */
export const invoiceNumbers = pgTable('invoice_numbers', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Pro's invoices, one per paid charge, as issued (migration 0610, decision 0615). */
export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'restrict' }),
  number: text('number').notNull().unique(),
  issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  periodEnd: date('period_end', { mode: 'string' }).notNull(),
  locations: integer('locations').notNull(),
  unitNetCents: integer('unit_net_cents').notNull(),
  netCents: integer('net_cents').notNull(),
  vatCents: integer('vat_cents').notNull(),
  grossCents: integer('gross_cents').notNull(),
  vatRatePercent: integer('vat_rate_percent').notNull(),
  currency: text('currency').notNull().default('eur'),
  taxTreatment: text('tax_treatment').notNull().$type<'domestic' | 'reverse_charge'>(),
  seller: jsonb('seller').notNull().$type<InvoicePartyRecord>(),
  buyer: jsonb('buyer').notNull().$type<InvoicePartyRecord>(),
  provider: text('provider').notNull(),
  providerInvoiceId: text('provider_invoice_id').notNull().unique(),
  createdAt: createdAt(),
});

/** A business's API keys (migration 0630): only the secret's hash is kept. */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  prefix: text('prefix').notNull().$type<'tg_live_' | 'tg_test_'>(),
  lastFour: text('last_four').notNull(),
  secretHash: text('secret_hash').notNull().unique(),
  scopes: text('scopes').array().notNull(),
  expiresAt: tstz('expires_at'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: tstz('last_used_at'),
  revokedAt: tstz('revoked_at'),
  revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The addresses each API key was used from; the first use from one is audited (0630). */
export const apiKeyAddresses = pgTable(
  'api_key_addresses',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    firstSeenAt: tstz('first_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.apiKeyId, table.address] })],
);

/**
 * An Idempotency-Key of a business API POST (migration 0640, decision 0640): per API key, kept
 * 24 hours; 'running' while its request runs, then 'done' with the answer to replay.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  apiKeyId: uuid('api_key_id')
    .notNull()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  idempotencyKey: text('idempotency_key').notNull(),
  requestMethod: text('request_method').notNull(),
  requestPath: text('request_path').notNull(),
  fingerprint: text('fingerprint').notNull(),
  state: text('state').notNull().default('running').$type<'running' | 'done'>(),
  lockedAt: tstz('locked_at'),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body').$type<unknown>(),
  createdAt: tstz('created_at').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  completedAt: tstz('completed_at'),
});

/** A business's webhook endpoints (migration 0650): URL, event types and the sealed secret. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  eventTypes: text('event_types').array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretExpiresAt: tstz('previous_secret_expires_at'),
  disabledAt: tstz('disabled_at'),
  disabledReason: text('disabled_reason').$type<'gone' | 'failing' | 'owner'>(),
  failingSince: tstz('failing_since'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * The outgoing webhooks' outbox (0650): one row per event, its id is the `webhook-id` header.
 * (`webhookEvents` are the payment providers' incoming events.)
 */
export const outgoingWebhookEvents = pgTable('outgoing_webhook_events', {
  id: text('id').primaryKey(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  payload: text('payload'),
  createdAt: createdAt(),
});

/** One event on its way to one endpoint (0650). */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  eventId: text('event_id')
    .notNull()
    .references(() => outgoingWebhookEvents.id, { onDelete: 'cascade' }),
  endpointId: uuid('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  state: text('state')
    .notNull()
    .default('pending')
    .$type<'pending' | 'delivered' | 'failed' | 'cancelled'>(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: tstz('next_attempt_at'),
  origin: text('origin').notNull().default('event').$type<'event' | 'replay' | 'test'>(),
  createdAt: createdAt(),
  finishedAt: tstz('finished_at'),
});

/** Every delivery attempt, for the delivery log (0650). */
export const webhookAttempts = pgTable('webhook_attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  deliveryId: uuid('delivery_id')
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  attemptedAt: tstz('attempted_at').notNull(),
  status: integer('status'),
  durationMs: integer('duration_ms').notNull(),
  responseExcerpt: text('response_excerpt').notNull().default(''),
  error: text('error'),
});

/** The business's last column mapping of 'Dienstplan importieren' (migration 0670). */
export const rotaImportMappings = pgTable('rota_import_mappings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').notNull().$type<Record<string, unknown>>(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
