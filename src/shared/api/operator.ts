import { z } from 'zod';
import { BUSINESS_STATUSES } from '../domain/business-status';
import { INVITATION_DELIVERY_STATES } from '../domain/invitation-delivery';
import { PLANS, type ProSource, SUBSCRIPTION_STATUSES } from '../domain/plans';
import { defineErrors } from '../domain/errors';

/**
 * The platform admin's operator console at /admin/businesses: every business with its
 * figures, creating one with its first owner, suspending, reactivating and closing it. Only the
 * platform admin may use it (decision 0320); owners and employees are refused.
 */

export const BUSINESS_LIST_PAGE_SIZE = 25;

/** Limits of the create form, shared by the form and the database's checks (migration 0312). */
export const BUSINESS_LIMITS = {
  name: 200,
  address: 300,
  description: 1000,
  legalForm: 100,
  registerEntry: 200,
  vatId: 40,
  reason: 500,
  search: 100,
} as const;

export const OPERATOR_MESSAGES = {
  nameRequired: 'Name: Bitte geben Sie den Namen des Betriebs an.',
  nameTooLong: `Name: höchstens ${BUSINESS_LIMITS.name} Zeichen.`,
  addressRequired: 'Adresse: Bitte geben Sie die Anschrift des Betriebs an.',
  addressTooLong: `Adresse: höchstens ${BUSINESS_LIMITS.address} Zeichen.`,
  contactEmailInvalid: 'Kontakt-E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  ownerEmailInvalid: 'E-Mail des Inhabers: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  emailInvalid: 'E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  descriptionTooLong: `Beschreibung: höchstens ${BUSINESS_LIMITS.description} Zeichen.`,
  legalFormTooLong: `Rechtsform: höchstens ${BUSINESS_LIMITS.legalForm} Zeichen.`,
  registerEntryTooLong: `Registereintrag: höchstens ${BUSINESS_LIMITS.registerEntry} Zeichen.`,
  vatIdTooLong: `USt-IdNr.: höchstens ${BUSINESS_LIMITS.vatId} Zeichen.`,
  reasonRequired: 'Grund: Bitte geben Sie an, warum der Betrieb gesperrt wird.',
  reasonTooLong: `Grund: höchstens ${BUSINESS_LIMITS.reason} Zeichen.`,
  confirmNameRequired: 'Bestätigung: Bitte geben Sie den Namen des Betriebs ein.',
  searchTooLong: `Suche: höchstens ${BUSINESS_LIMITS.search} Zeichen.`,
  page: 'Seite: Bitte geben Sie eine Seitenzahl ab 1 an.',
  status: 'Status: Bitte wählen Sie Aktiv, Gesperrt oder Geschlossen.',
  sort: 'Sortierung: Bitte wählen Sie Name, Anlagedatum oder Trinkgeld im Monat.',
} as const;

/** Optional text: trimmed, blank becomes null so "left empty" and "not sent" look the same. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, message)
    .pipe(z.email({ error: message }));

/** An optional address: blank means none. */
const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .transform((value) => (value === '' ? null : value))
    .pipe(z.email({ error: message }).max(254, message).nullable())
    .nullable()
    .optional();

export const businessIdParamsSchema = z.object({
  id: z.uuid({ error: 'Ungültige Betriebs-ID.' }),
});

/** An owner of the business, for 'Einladung erneut senden'. */
export const businessOwnerParamsSchema = businessIdParamsSchema.extend({
  userId: z.uuid({ error: 'Ungültige Benutzer-ID.' }),
});

/**
 * How the console's list is ordered: by name (A–Z), by creation (newest first) or by the month's
 * paid tips (most first); ties fall back to the name, so a page never reshuffles.
 */
export const BUSINESS_LIST_SORTS = ['name', 'created', 'tips'] as const;
export type BusinessListSort = (typeof BUSINESS_LIST_SORTS)[number];

export const businessOverviewQuerySchema = z.object({
  search: z.string().trim().max(BUSINESS_LIMITS.search, OPERATOR_MESSAGES.searchTooLong).optional(),
  /** Only businesses in this state; all of them without it. */
  status: z.enum(BUSINESS_STATUSES, { error: OPERATOR_MESSAGES.status }).optional(),
  sort: z.enum(BUSINESS_LIST_SORTS, { error: OPERATOR_MESSAGES.sort }).default('name'),
  page: z.coerce
    .number({ error: OPERATOR_MESSAGES.page })
    .int(OPERATOR_MESSAGES.page)
    .min(1, OPERATOR_MESSAGES.page)
    .max(10_000, OPERATOR_MESSAGES.page)
    .default(1),
});
export type BusinessOverviewQuery = z.input<typeof businessOverviewQuerySchema>;

/**
 * 'Betrieb anlegen': name, address and contact e-mail are required; description and the legal
 * details (legal form, register entry, VAT id; free text each, decision 0321) are optional. With
 * `ownerEmail` the first owner is invited in the same step.
 */
export const createBusinessSchema = z
  .object({
    name: z
      .string({ error: OPERATOR_MESSAGES.nameRequired })
      .trim()
      .min(1, OPERATOR_MESSAGES.nameRequired)
      .max(BUSINESS_LIMITS.name, OPERATOR_MESSAGES.nameTooLong),
    address: z
      .string({ error: OPERATOR_MESSAGES.addressRequired })
      .trim()
      .min(1, OPERATOR_MESSAGES.addressRequired)
      .max(BUSINESS_LIMITS.address, OPERATOR_MESSAGES.addressTooLong),
    contactEmail: emailField(OPERATOR_MESSAGES.contactEmailInvalid),
    description: optionalText(BUSINESS_LIMITS.description, OPERATOR_MESSAGES.descriptionTooLong),
    legalForm: optionalText(BUSINESS_LIMITS.legalForm, OPERATOR_MESSAGES.legalFormTooLong),
    registerEntry: optionalText(
      BUSINESS_LIMITS.registerEntry,
      OPERATOR_MESSAGES.registerEntryTooLong,
    ),
    vatId: optionalText(BUSINESS_LIMITS.vatId, OPERATOR_MESSAGES.vatIdTooLong),
    ownerEmail: optionalEmail(OPERATOR_MESSAGES.ownerEmailInvalid),
  })
  .strict();
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;
export type CreateBusiness = z.output<typeof createBusinessSchema>;

/** 'Inhaber einladen' after the business exists: the staff invitation with role business_owner. */
export const inviteOwnerSchema = z
  .object({ email: emailField(OPERATOR_MESSAGES.emailInvalid) })
  .strict();
export type InviteOwnerInput = z.input<typeof inviteOwnerSchema>;

export const suspendBusinessSchema = z
  .object({
    reason: z
      .string({ error: OPERATOR_MESSAGES.reasonRequired })
      .trim()
      .min(1, OPERATOR_MESSAGES.reasonRequired)
      .max(BUSINESS_LIMITS.reason, OPERATOR_MESSAGES.reasonTooLong),
  })
  .strict();
export type SuspendBusinessInput = z.input<typeof suspendBusinessSchema>;

/** Closing asks for the business's name, typed, so a slip of the mouse closes nothing. */
export const closeBusinessSchema = z
  .object({
    confirmName: z
      .string({ error: OPERATOR_MESSAGES.confirmNameRequired })
      .trim()
      .min(1, OPERATOR_MESSAGES.confirmNameRequired)
      .max(BUSINESS_LIMITS.name, OPERATOR_MESSAGES.confirmNameRequired),
  })
  .strict();
export type CloseBusinessInput = z.input<typeof closeBusinessSchema>;

const person = z.object({ id: z.uuid(), fullName: z.string().nullable(), email: z.string() });

/** Why a business has Pro right now ('none' on Basis), as `effectivePlan` says (decision 0610). */
export const PRO_SOURCES = [
  'granted',
  'trial',
  'paid',
  'grace',
  'none',
] as const satisfies readonly ProSource[];

/**
 * A business's plan as the operator sees it: the plan it has now with the reason (computed with
 * the server's clock), and the subscription's facts. Times are ISO instants or null; a business
 * without a plan row reads as status 'basis' with one location.
 */
export const businessPlanSummarySchema = z.object({
  plan: z.enum(PLANS),
  source: z.enum(PRO_SOURCES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** A paid subscription that ends at `currentPeriodEnd` (cancelled, still running). */
  cancelAtPeriodEnd: z.boolean(),
  /** The operator's grant: Pro until this instant (the end of its last Berlin day). */
  grantedUntil: z.string().nullable(),
  locations: z.number().int(),
});
export type BusinessPlanSummary = z.infer<typeof businessPlanSummarySchema>;

/**
 * The plan's state in the console's words: 'basis' (free), 'trial' (Testphase), 'active' (paid),
 * 'past_due' (a failed charge, Pro kept during the grace period), 'cancelled' (cancelled: running
 * out or ended) and 'granted' (Pro by the operator's grant).
 */
export const BUSINESS_PLAN_STATES = [
  'basis',
  'trial',
  'active',
  'past_due',
  'cancelled',
  'granted',
] as const;
export type BusinessPlanState = (typeof BUSINESS_PLAN_STATES)[number];

/** Which of the console's plan states a business is in. */
export function businessPlanStateOf(
  plan: Pick<BusinessPlanSummary, 'source' | 'status' | 'cancelAtPeriodEnd'>,
): BusinessPlanState {
  switch (plan.source) {
    case 'granted':
      return 'granted';
    case 'trial':
      return 'trial';
    case 'paid':
      return plan.cancelAtPeriodEnd ? 'cancelled' : 'active';
    case 'grace':
      return 'past_due';
    case 'none':
      // A subscription that ended after its cancellation says so; every other end is Basis.
      return plan.status === 'cancelled' ? 'cancelled' : 'basis';
  }
}

export const businessOverviewRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  contactEmail: z.string().nullable(),
  status: z.enum(BUSINESS_STATUSES),
  /** Why it is suspended (only while it is). */
  suspensionReason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Closed and past the retention period: the personal data is gone. */
  erasedAt: z.string().nullable(),
  createdAt: z.string(),
  /** 'signup': made by the self sign-up; the list marks it. */
  origin: z.enum(['signup', 'console']),
  owners: z.array(
    person.extend({
      invited: z.boolean(),
      /** Where the open invitation's e-mail stands (decision 0500); null once accepted. */
      delivery: z.enum(INVITATION_DELIVERY_STATES).nullable(),
    }),
  ),
  activeStaff: z.number().int(),
  activePaymentPoints: z.number().int(),
  /** This Europe/Berlin calendar month, from the kept month totals (integer cents). */
  month: z.object({
    tipsCents: z.number().int(),
    tipCount: z.number().int(),
    platformFeeCents: z.number().int(),
  }),
  /** Basis or Pro now, why, and the subscription's dates (decision 0610). */
  plan: businessPlanSummarySchema,
});
export type BusinessOverviewRow = z.infer<typeof businessOverviewRowSchema>;

export const businessOverviewSchema = z.object({
  items: z.array(businessOverviewRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** The month the figures are of, as its first day (YYYY-MM-DD, Europe/Berlin). */
  month: z.string(),
  currency: z.string(),
  /** Days after closing until the personal data is erased (RETENTION_CLOSED_BUSINESS_DAYS). */
  retentionDays: z.number().int(),
  /**
   * Monthly recurring revenue, net, in cents, over every business (not just this page): the Pro
   * price of each subscription that is paid now ('active' within its period, or 'past_due' within
   * the grace period), whatever grant lies over it.
   */
  mrrCents: z.number().int(),
});
export type BusinessOverview = z.infer<typeof businessOverviewSchema>;

/** What a create or invite answers: the business's row, and who was invited. */
export const businessChangeSchema = z.object({
  business: businessOverviewRowSchema,
  /** With the invitation e-mail's state, so the console never says "gesendet" for a failure. */
  invitedOwner: person
    .extend({ delivery: z.enum(INVITATION_DELIVERY_STATES).nullable() })
    .nullable(),
});
export type BusinessChange = z.infer<typeof businessChangeSchema>;

/** Where a business came from: the self sign-up (/signup) or 'Betrieb anlegen' in the console. */
export const BUSINESS_ORIGINS = ['signup', 'console'] as const;
export type BusinessOrigin = (typeof BUSINESS_ORIGINS)[number];

/**
 * The operator's business page /admin/businesses/:id: the list's row, where
 * it came from, its people with their last sign-in and invitation state, its payment points and
 * the platform admins' actions on it.
 */
export const businessDetailSchema = z.object({
  business: businessOverviewRowSchema,
  origin: z.enum(BUSINESS_ORIGINS),
  month: z.string(),
  currency: z.string(),
  people: z.array(
    z.object({
      id: z.uuid(),
      fullName: z.string().nullable(),
      email: z.string(),
      role: z.enum(['admin', 'business_owner', 'employee']),
      status: z.enum(['active', 'invited', 'deactivated']),
      lastLoginAt: z.string().nullable(),
      invitationDelivery: z.enum(INVITATION_DELIVERY_STATES).nullable(),
    }),
  ),
  paymentPoints: z.array(
    z.object({
      id: z.uuid(),
      uid: z.string(),
      type: z.string(),
      label: z.string().nullable(),
      active: z.boolean(),
    }),
  ),
  /** The platform admins' actions on the business, newest first (at most 50). */
  audit: z.array(
    z.object({
      id: z.uuid(),
      at: z.string(),
      label: z.string(),
      sentence: z.string(),
      actorName: z.string().nullable(),
    }),
  ),
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

/** The name and contact e-mail, edited on the business page; at least one of them. */
export const updateBusinessSchema = z
  .object({
    name: z
      .string({ error: OPERATOR_MESSAGES.nameRequired })
      .trim()
      .min(1, OPERATOR_MESSAGES.nameRequired)
      .max(BUSINESS_LIMITS.name, OPERATOR_MESSAGES.nameTooLong),
    contactEmail: emailField(OPERATOR_MESSAGES.contactEmailInvalid),
  })
  .strict();
export type UpdateBusinessInput = z.input<typeof updateBusinessSchema>;

export const OPERATOR_ERRORS = defineErrors({
  operator_only: {
    status: 403,
    title: 'Keine Berechtigung',
    message: 'Nur der Plattform-Administrator verwaltet Betriebe.',
  },
  business_not_active: {
    status: 409,
    title: 'Fehler',
    message: 'Nur ein aktiver Betrieb kann gesperrt werden.',
  },
  business_not_suspended: {
    status: 409,
    title: 'Fehler',
    message: 'Nur ein gesperrter Betrieb kann reaktiviert werden.',
  },
  business_already_closed: {
    status: 409,
    title: 'Fehler',
    message: 'Dieser Betrieb ist bereits geschlossen.',
  },
  business_closed_final: {
    status: 409,
    title: 'Fehler',
    message: 'Ein geschlossener Betrieb kann nicht wieder geöffnet werden.',
  },
  business_confirm_mismatch: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Bestätigung: Der eingegebene Name stimmt nicht mit dem Namen des Betriebs überein.',
  },
  /** The message names the amount; see `moneyWaitingMessage`. */
  business_money_waiting: {
    status: 409,
    title: 'Schließen nicht möglich',
    message:
      'Es warten noch Trinkgelder auf die Auszahlung. Zahlen Sie sie zuerst aus oder erstatten Sie sie.',
  },
  business_payments_running: {
    status: 409,
    title: 'Schließen nicht möglich',
    message:
      'Gerade bezahlen Gäste bei diesem Betrieb. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
});

/** The refusal to close while money waits, with the amount in German format. */
export function moneyWaitingMessage(formattedAmount: string): string {
  return (
    `Es warten noch ${formattedAmount} Trinkgeld auf die Auszahlung. Zahlen Sie sie zuerst aus ` +
    '(Auszahlungen, „Jetzt auszahlen“) oder erstatten Sie sie; erst dann kann der Betrieb ' +
    'geschlossen werden.'
  );
}

// The refusals of a suspended or closed business live in a module without zod: the staff app's
// entry needs them, and importing this file would put zod on every first load (decision 0410).
export {
  BUSINESS_ACCESS_ERRORS,
  type BusinessAccessRefusal,
  SESSION_END_REASONS,
  type SessionEndReason,
} from '../domain/business-access';

/** A payout of a suspended business: the scheduled job skips it, and so does 'Jetzt auszahlen'. */
export const PAUSED_PAYOUT_ERRORS = defineErrors({
  payouts_paused: {
    status: 409,
    title: 'Auszahlungen pausiert',
    message:
      'Dieser Betrieb ist gesperrt oder geschlossen: Auszahlungen ruhen, bis er wieder aktiv ist.',
  },
});
