import type { AuditAction } from './audit';
import type { BusinessStatus } from './business-status';
import type { PayoutSchedule } from './payouts';
import type { Role } from './roles';
import type { ShiftTargetKind } from './shifts';
import type { TeamSplitRule } from './team-split';
import type { EntrypointTargetType, EntrypointType } from './tips';

/**
 * What each audit action records (decision 0340): one payload type per action, joined
 * into the one union `AuditEvent` that `writeAudit` accepts, so a row cannot be written with
 * another action's facts. Every action needs an entry here (checked below), a label in
 * AUDIT_ACTION_LABELS and a presenter in audit-presenter.ts; a missing one is a type error.
 *
 * Names people know travel with the ids, as the writer knew them at the time (`personName`,
 * `teamName`, `label`, `targetName`): the log must read the same after a rename or a deletion.
 * A person's name and e-mail address follow their erasure (features/privacy forgets them).
 * Never secrets (passwords, tokens, codes).
 */

export type SignInMethod = 'password' | 'magic_link' | 'sign_up';
export type PasswordMethod = 'link' | 'onboarding' | 'account';
export type SecondFactorUsed = 'totp' | 'recovery_code';

interface Change<T> {
  from: T;
  to: T;
}

/** Nothing beyond the action itself. */
type NoFacts = Record<string, never>;

/** The profile fields someone may change on another person's profile. */
export type ProfileField = 'fullName' | 'jobTitle' | 'thankYouMessage' | 'profileImageUrl' | 'role';
/** The fields of a payment point that 'Bearbeiten' changes. */
export type PaymentPointField = 'name' | 'label' | 'description' | 'department' | 'shift';
export type BrandingField =
  | 'primaryColor'
  | 'secondaryColor'
  | 'accentColor'
  | 'fontFamily'
  | 'language'
  | 'tonality'
  | 'companyName'
  | 'thankYouMessage'
  | 'logoUrl';
export type TeamField = 'name' | 'splitRule';

/** 'Benutzer geändert' has several causes; each says what changed. */
export type UserUpdatePayload =
  /** /admin/users: another role. */
  | { personName: string; fields: ['role']; role: Change<Role> }
  /** /admin/users: a deactivated person may sign in again. */
  | { personName: string; status: { from: 'deactivated'; to: 'active' } }
  /** /admin/users: a new invitation link for someone who has not accepted yet. */
  | { personName: string; email: string; invitation: 'resent' }
  /** Another person's profile edited (the platform admin, an owner). */
  | { personName: string; fields: ProfileField[]; role?: Change<Role> };

export type PaymentRefundPayload = {
  refundId: string;
  provider: string | null;
  amountCents: number;
  platformFeeCents: number;
  currency?: string;
} & (
  | {
      /** A second payment of a tip already paid (decision 0330): settlement gives it back. */
      reason: 'paid_twice' | 'pay_later_paid_twice';
      payLaterLinkId: string | null;
      paidTipId: string | null;
    }
  | {
      /** The owner gave a held tip back on /admin/payouts. */
      reason: 'held_for_review';
      /** Why it was held, in German (settlement's words). */
      review: string | null;
    }
);

export interface AuditPayloads {
  admin_login: { method: SignInMethod; secondFactor?: SecondFactorUsed };
  admin_logout: { reason: 'sign_out' };
  admin_navigation: { destination: string; from?: string };
  session_timeout: { timeout_duration: number; warning_duration: number };
  session_extended: { extended_at: string };
  /** The invitee has no name yet: their address names them. */
  user_create: { email: string; role: Role; invitation: 'sent' };
  user_update: UserUpdatePayload;
  user_deactivate: {
    personName: string;
    email: string;
    status: { from: 'active'; to: 'deactivated' };
  };
  /** An employee's own erasure (Art. 17 GDPR): no name, that is the point of it. */
  user_delete: { reason: 'own_request' };
  qr_code_create: { employeeId: string; personName: string; uid: string | null; via: 'admin' };
  /** In the spec's list; nothing writes it today. */
  qr_code_disable: { uid: string; personName: string };
  /** In the spec's list; nothing writes it today. */
  payment_reset: { amountCents: number; currency: string };
  settings_update: {
    setting: 'aio_tenant_id';
    from: string | null;
    to: string | null;
    reset?: true;
  };
  entrypoint_create:
    | {
        uid: string;
        type: EntrypointType;
        label: string | null;
        targetType: EntrypointTargetType;
        targetId: string;
        /** The person's or team's name, or the business's. */
        targetName: string | null;
      }
    | { uid: string; type: 'object'; label: string; via: 'qr_generator' };
  entrypoint_update: { uid: string; label: string | null; fields: PaymentPointField[] };
  entrypoint_activate: { uid: string; label: string | null; from: boolean; to: true };
  entrypoint_deactivate: { uid: string; label: string | null; from: boolean; to: false };
  entrypoint_regenerate_uid: { label: string | null; oldUid: string; newUid: string };
  entrypoint_delete: { uid: string; label: string | null; type: EntrypointType };
  /** Decision 0355: the person's primary point ('Mein QR-Code'). */
  entrypoint_primary: {
    uid: string;
    label: string | null;
    targetId: string;
    targetName: string | null;
  };
  entrypoint_sync: {
    uid: string;
    label: string | null;
    action: 'created' | 'updated';
    source: 'aio';
  };
  demo_data_generate: { deleted: number; created: number };
  branding_update: { changes: Partial<Record<BrandingField, Change<unknown>>> };
  integration_test: {
    status: 'connected' | 'error';
    tenantId: string | null;
    error?: string;
  };
  team_create: { name: string; splitRule: TeamSplitRule };
  team_update:
    | {
        teamName: string;
        fields: TeamField[];
        name?: Change<string>;
        splitRule?: Change<TeamSplitRule>;
      }
    | {
        teamName: string;
        members: { profileId: string; personName: string; weight: number }[];
      };
  team_delete: { name: string };
  payment_refund: PaymentRefundPayload;
  shift_assign: {
    targetKind: ShiftTargetKind;
    targetId: string;
    /** The object point's label or the team's name. */
    targetName: string;
    profileId: string;
    personName: string;
    /** YYYY-MM-DD in Europe/Berlin. */
    day: string;
    /** HH:MM, both null for the whole day. */
    startTime: string | null;
    endTime: string | null;
  };
  shift_unassign: AuditPayloads['shift_assign'];
  shift_copy_week: {
    targetKind: ShiftTargetKind;
    targetName: string;
    fromDay: string;
    toDay: string;
    copied: number;
    removed: number;
  };
  /** 'Dienstplan importieren' (decision 0670): lines planned, already planned, skipped. */
  shift_import: {
    fileName: string | null;
    created: number;
    unchanged: number;
    skipped: number;
  };
  pool_tip_assign: {
    profileId: string;
    personName: string;
    amountCents: number;
    currency: string;
    /** The payment point the guest paid through, if any. */
    pointLabel: string | null;
    paidAt: string | null;
  };
  /** A pool assignment taken back before its payout: the tip is in the pool again. */
  pool_tip_unassign: {
    profileId: string;
    personName: string;
    amountCents: number;
    currency: string;
    pointLabel: string | null;
  };
  payout_batch_run: { transfers: number; totalCents: number; skipped: number };
  payout_schedule_update: Change<PayoutSchedule>;
  instant_payout_request: { payoutId: string; amountCents: number; feeCents: number };
  held_tip_release: { reason: string | null; amountCents: number; currency: string };
  password_set: { method: PasswordMethod; otherSessionsEnded: number };
  password_change: { method: 'account'; otherSessionsEnded: number };
  platform_admin_create: { method: 'cli'; email: string; role: 'admin' };
  business_signup: { businessName: string; termsVersion: string; dpaVersion: string };
  setup_checklist_dismiss: { progress: string };
  business_create: { name: string; contactEmail: string; ownerEmail?: string };
  /** The operator changed the name or contact e-mail on the business page. */
  business_update: {
    fields: ('name' | 'contactEmail')[];
    name?: Change<string>;
    contactEmail?: Change<string | null>;
  };
  business_suspend: { name: string; reason: string; sessionsEnded: number };
  business_reactivate: {
    name: string;
    status: { from: 'suspended'; to: 'active' };
    suspendedSince: string | null;
  };
  business_close: {
    name: string;
    status: Change<BusinessStatus>;
    retentionDays: number;
    sessionsEnded: number;
  };
  business_erase: { people: number; media: number; messages: number; retentionDays: number };
  two_factor_enable: NoFacts;
  two_factor_disable: { secondFactor: SecondFactorUsed };
  two_factor_recovery_codes_regenerate: NoFacts;
  /** `method: 'cli'`: a platform admin's own, by `npm run admin:reset-two-factor`. */
  two_factor_reset: { personName: string; email: string; method?: 'cli' };
  /** Times are ISO strings: when the trial, the paid period or the grant ends. */
  plan_trial_start: { trialEndsAt: string };
  plan_book: { locations: number; netCentsPerMonth: number; provider: string };
  plan_cancel: { effectiveAt: string | null };
  plan_resume: { currentPeriodEnd: string | null };
  /** The operator's grant; `until: null` takes a grant back. */
  plan_grant: { businessName: string; until: string | null; reason: string };
  /** A business API key (decision 0630); `expiresAt` an ISO time or null. */
  api_key_create: { name: string; scopes: string[]; expiresAt: string | null; prefix: string };
  api_key_revoke: { name: string };
  /** The first request with the key from an address. */
  api_key_new_address: { name: string; address: string };
  /**
   * A webhook endpoint (decision 0650), named by its URL; `apiKey` names the business API key
   * that made the change when it came through /api/v1 rather than the console.
   */
  webhook_endpoint_create: { url: string; eventTypes: string[]; apiKey?: string };
  /** `changed`: the fields that changed (url, description, eventTypes, enabled, disabled). */
  webhook_endpoint_update: {
    url: string;
    changed: string[];
    previousUrl?: string;
    apiKey?: string;
  };
  webhook_endpoint_delete: { url: string; apiKey?: string };
  /** `previousUntil`: until when the previous secret still signs (ISO time). */
  webhook_endpoint_secret_roll: { url: string; previousUntil: string; apiKey?: string };
  webhook_endpoint_replay: { url: string; eventId: string; type: string; apiKey?: string };
  webhook_endpoint_test: { url: string; eventId: string; apiKey?: string };
  /** Points for splits by hours (decision 0660), in thousandths, per person. */
  work_points_update: {
    items: { profileId: string; personName: string; pointsMilli: number; role: string }[];
  };
  /** 'Pool verteilen' by hours (decision 0660): the period, the money and every share. */
  pool_distribute: {
    distributionId: string;
    firstDay: string;
    lastDay: string;
    amountCents: number;
    tipCount: number;
    shares: {
      profileId: string;
      personName: string;
      minutes: number;
      pointsMilli: number;
      amountCents: number;
    }[];
  };
}

/** Every action has its payload type and nothing else has one (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyActionHasAPayload: Same<keyof AuditPayloads, AuditAction> = true;
void everyActionHasAPayload;

export type AuditPayloadOf<A extends AuditAction> = AuditPayloads[A];

/** One row's action with the facts it records: the union `writeAudit` accepts. */
export type AuditEvent = {
  [A in AuditAction]: { action: A; payload: AuditPayloads[A] };
}[AuditAction];

/** The events of some actions only (a helper that writes, say, the payment points' rows). */
export type AuditEventOf<A extends AuditAction> = Extract<AuditEvent, { action: A }>;

/** The name a person goes by in the log: the full name, else the e-mail address. */
export function auditPersonName(person: {
  fullName: string | null | undefined;
  email: string;
}): string {
  return person.fullName?.trim() || person.email;
}
