import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { STAFF_STATUSES } from './staff';
import { createPaymentPointSchema } from './payment-points';
import { reportRangeSchema } from './reports';
import {
  ENTRYPOINT_TARGET_TYPES,
  ENTRYPOINT_TYPES,
  PAYOUT_STATUSES,
  TIP_SOURCES,
} from '../domain/tips';

/**
 * The business API under /api/v1 (decision 0631): its lists, its tips. Field names follow the
 * conventions developers know from payment APIs (snake_case, `object`, `has_more`); amounts are
 * integer cents beside their currency.
 */

/** Every list: up to `limit` items after the item `starting_after` (newest first). */
export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit muss eine ganze Zahl sein.' })
    .int({ error: 'limit muss eine ganze Zahl sein.' })
    .min(1, { error: 'limit muss mindestens 1 sein.' })
    .max(100, { error: 'limit darf höchstens 100 sein.' })
    .default(20),
  starting_after: z
    .uuid({ error: 'starting_after muss die ID eines Elements der Liste sein.' })
    .optional(),
});

/** A list's answer: up to `limit` items, the list's own path, and whether more follow. */
export function listSchemaOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    object: z.literal('list'),
    url: z.string(),
    has_more: z.boolean(),
    data: z.array(item),
  });
}

export type ListQuery = z.infer<typeof listQuerySchema>;

const instant = z.iso.datetime({ offset: true, error: 'Bitte eine Zeit nach ISO 8601 angeben.' });

/** A list's time range and recipient (a person). */
const rangeAndRecipient = {
  /** Created at or after this time. */
  created_gte: instant.optional(),
  /** Created before this time. */
  created_lt: instant.optional(),
  /** Tips to this person (directly or through a share), or payouts to them. */
  recipient: z.uuid({ error: 'recipient muss die ID einer Person sein.' }).optional(),
};

/** GET /api/v1/tips: paid tips, newest first, within a time range and for a recipient. */
export const tipListQuerySchema = listQuerySchema.extend(rangeAndRecipient);
export type TipListQuery = z.infer<typeof tipListQuerySchema>;

/** GET /api/v1/payouts: payouts, newest first, within a time range and to a person. */
export const payoutListQuerySchema = listQuerySchema.extend(rangeAndRecipient);
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;

export const payoutParamsSchema = z.object({
  id: z.uuid({ error: 'Ungültige Auszahlungs-ID.' }),
});

/** A transfer to a person's payout account (Stripe Connect, or the demo provider's). */
export const apiPayoutSchema = z.object({
  object: z.literal('payout'),
  id: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  method: z.enum(['standard', 'instant']),
  created: z.string(),
  /** When the provider confirmed it (paid) or refused it (failed). */
  processed_at: z.string().nullable(),
  person: z.object({ id: z.uuid(), name: z.string().nullable() }),
  /** The provider's transfer id, for the bank statement. */
  provider_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type ApiPayout = z.infer<typeof apiPayoutSchema>;

export const apiPayoutListSchema = listSchemaOf(apiPayoutSchema);

export const tipParamsSchema = z.object({ id: z.uuid({ error: 'Ungültige Trinkgeld-ID.' }) });

/** What became of a paid tip's money: waiting for its payout, paid out, or given back. */
export const API_TIP_STATES = ['paid', 'paid_out', 'refunded'] as const;

export const apiTipSchema = z.object({
  object: z.literal('tip'),
  id: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(API_TIP_STATES),
  created: z.string(),
  paid_at: z.string().nullable(),
  source: z.enum(TIP_SOURCES),
  /** Who the guest tipped: a person, a team, or the business as a whole (its pool). */
  recipient: z.object({
    type: z.enum(['person', 'team', 'business']),
    id: z.uuid().nullable(),
    name: z.string().nullable(),
  }),
  payment_point: z.object({ id: z.uuid(), uid: z.string() }).nullable(),
  /** The guest's contribution to the platform fee, in cents (0 when not covered). */
  platform_fee: z.number().int(),
  amount_refunded: z.number().int(),
  /** How a team or table tip was split; empty for a direct tip. */
  allocations: z.array(
    z.object({
      person: z.object({ id: z.uuid(), name: z.string().nullable() }),
      amount: z.number().int(),
      payout: z.object({ id: z.uuid(), status: z.string() }).nullable(),
    }),
  ),
  /** The payout that carried a direct tip; null while it waits (or for a split tip). */
  payout: z.object({ id: z.uuid(), status: z.string() }).nullable(),
});
export type ApiTip = z.infer<typeof apiTipSchema>;

export const apiTipListSchema = listSchemaOf(apiTipSchema);

export const paymentPointParamsSchema = z.object({
  id: z.uuid({ error: 'Ungültige ID des Bezahlpunkts.' }),
});

/** A payment point: the code behind a QR code or NFC tag, and whom it tips. */
export const apiPaymentPointSchema = z.object({
  object: z.literal('payment_point'),
  id: z.uuid(),
  uid: z.string(),
  type: z.enum(ENTRYPOINT_TYPES),
  label: z.string().nullable(),
  /** Whom a tip here goes to: a person (`user`), a team, or the business (`tenant`). */
  target: z.object({
    type: z.enum(ENTRYPOINT_TARGET_TYPES),
    id: z.uuid(),
    name: z.string().nullable(),
  }),
  active: z.boolean(),
  /** Whether a guest can tip through it now (active, its target able to receive). */
  works: z.boolean(),
  /** The link the QR code or NFC tag carries. */
  url: z.string(),
  created: z.string(),
});
export type ApiPaymentPoint = z.infer<typeof apiPaymentPointSchema>;

export const apiPaymentPointListSchema = listSchemaOf(apiPaymentPointSchema);

/** The roles of a business's people as the API names them (the platform admin is none of them). */
export const API_STAFF_ROLES = ['business_owner', 'employee'] as const;

/**
 * A person of the business: an owner or an employee, with their account's state and teams. The
 * product has no staff number; `id` is stable for a person's whole time in the business, so a
 * payroll system keeps it beside its own number. The e-mail address is the person's sign-in.
 */
export const apiStaffMemberSchema = z.object({
  object: z.literal('staff_member'),
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(API_STAFF_ROLES),
  job_title: z.string().nullable(),
  /** `invited` until the first sign-in, `deactivated` once an owner switched the account off. */
  status: z.enum(STAFF_STATUSES),
  deactivated_at: z.string().nullable(),
  /** The teams the person belongs to now. */
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Whether the person's payout account can receive transfers. */
  payouts_enabled: z.boolean(),
  created: z.string(),
});
export type ApiStaffMember = z.infer<typeof apiStaffMemberSchema>;

export const apiStaffListSchema = listSchemaOf(apiStaffMemberSchema);

/** GET /api/v1/reports/recipients: whole Europe/Berlin days, both inclusive (as the console's report). */
export const recipientReportQuerySchema = reportRangeSchema;

const reportFigure = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Cents received in the period. */
  amount: z.number().int(),
  /** Tips (or shares of tips) counted. */
  count: z.number().int(),
});

/**
 * A period's totals per recipient, the numbers of the console's report ('Berichte') to the cent:
 * `people` holds each person's direct tips and shares of team and table tips; `pool` the paid
 * tips that reached no person; people and pool add up to `total.amount`. `teams` says what was
 * tipped to each team (already inside its members' figures, so not to be added again).
 */
export const apiRecipientReportSchema = z.object({
  object: z.literal('recipient_report'),
  from: z.string(),
  to: z.string(),
  time_zone: z.literal('Europe/Berlin'),
  currency: z.string(),
  total: z.object({
    amount: z.number().int(),
    count: z.number().int(),
    /** What guests added to cover the platform fee. */
    platform_fees: z.number().int(),
    amount_refunded: z.number().int(),
  }),
  people: z.array(reportFigure),
  teams: z.array(reportFigure),
  pool: z.object({ amount: z.number().int(), count: z.number().int() }),
});
export type ApiRecipientReport = z.infer<typeof apiRecipientReportSchema>;

const pointFields = createPaymentPointSchema.shape;

/**
 * POST /api/v1/payment-points: the console's form in the API's names. `type` person needs a
 * target of type `user`, team a `team`, object the business (`tenant`, its id).
 */
export const apiPaymentPointCreateSchema = z
  .object({
    type: pointFields.type,
    name: pointFields.name,
    label: pointFields.label,
    description: pointFields.description,
    department: pointFields.department,
    shift: pointFields.shift,
    target: z
      .object(
        { type: pointFields.targetType, id: pointFields.targetId },
        { error: 'target: Bitte type und id des Ziels angeben.' },
      )
      .strict(),
    uid: pointFields.uid,
  })
  .strict();
export type ApiPaymentPointCreate = z.output<typeof apiPaymentPointCreateSchema>;

/** The draft's header: 1 to 255 printable ASCII characters (a UUID v4 is a good choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The headers of a POST: an optional Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header). */
export const idempotentHeadersSchema = z
  .object({
    'idempotency-key': z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN, {
        error:
          'Idempotency-Key muss aus 1 bis 255 druckbaren Zeichen bestehen (zum Beispiel eine UUID).',
      })
      .optional(),
  })
  .loose();

export const BUSINESS_API_ERRORS = defineErrors({
  cursor_unknown: {
    status: 400,
    title: 'Liste',
    message: 'starting_after nennt kein Element dieser Liste.',
  },
  tip_not_found: {
    status: 404,
    title: 'Trinkgeld',
    message: 'Dieses Trinkgeld gibt es in diesem Betrieb nicht.',
  },
  payment_point_not_found: {
    status: 404,
    title: 'Bezahlpunkt',
    message: 'Diesen Bezahlpunkt gibt es in diesem Betrieb nicht.',
  },
  payout_not_found: {
    status: 404,
    title: 'Auszahlung',
    message: 'Diese Auszahlung gibt es in diesem Betrieb nicht.',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency-Key',
    message:
      'Dieser Idempotency-Key wurde schon für eine andere Anfrage benutzt. Bitte für jede neue Anfrage einen neuen Schlüssel wählen.',
  },
  idempotency_key_in_use: {
    status: 409,
    title: 'Idempotency-Key',
    message:
      'Eine Anfrage mit diesem Idempotency-Key läuft noch. Bitte warten Sie auf ihre Antwort und versuchen Sie es dann erneut.',
  },
});
