import type {
  BusinessDetail,
  BusinessOrigin,
  BusinessOverviewRow,
  BusinessPlanSummary,
} from '../../../shared/api/operator';
import { effectivePlan, proMonthlyPrice } from '../../../shared/domain/plans';
import { DEFAULT_CURRENCY } from '../../../shared/domain/constants';
import { describeAuditEntry } from '../../../shared/domain/audit-presenter';
import { staffStatusOf } from '../staff/presenter';
import type { StaffUserRow } from '../staff/context';
import { businessStatusOf } from '../../../shared/domain/business-status';
import type {
  BusinessRow,
  businessPaymentPoints,
  operatorAuditRows,
  RowFigures,
} from './queries/businesses';
import type { PlanFactsRow } from './queries/plans';

const NO_MONTH = { tipsCents: 0, tipCount: 0, platformFeeCents: 0 };

/** A business's plan at `now` (the app's clock) with its row's dates; no row is Basis. */
export function presentPlanSummary(
  facts: PlanFactsRow | undefined,
  now: Date,
): BusinessPlanSummary {
  const effective = effectivePlan(facts ?? null, now);
  return {
    plan: effective.plan,
    source: effective.source,
    status: facts?.status ?? 'basis',
    trialEndsAt: facts?.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: facts?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: facts?.cancelAtPeriodEnd ?? false,
    grantedUntil: facts?.grantedUntil?.toISOString() ?? null,
    locations: facts?.locations ?? 1,
  };
}

/**
 * Monthly recurring revenue, net, in cents: the Pro price of every subscription paid at `now`
 * (active within its period, or past due within the grace period). The subscription is judged
 * without the operator's grant: a grant over a paid subscription does not stop its charges.
 */
export function mrrCentsOf(candidates: readonly PlanFactsRow[], now: Date): number {
  let cents = 0;
  for (const facts of candidates) {
    const { source } = effectivePlan({ ...facts, grantedUntil: null }, now);
    if (source === 'paid' || source === 'grace') cents += proMonthlyPrice(facts.locations).netCents;
  }
  return cents;
}

/** One business as the console lists it; the row's bookkeeping columns stay inside. */
export function presentOverviewRow(
  row: BusinessRow,
  figures: RowFigures,
  now: Date,
): BusinessOverviewRow {
  const status = businessStatusOf(row);
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    contactEmail: row.contactEmail,
    status,
    suspensionReason: status === 'suspended' ? row.suspensionReason : null,
    suspendedAt: status === 'suspended' ? (row.suspendedAt?.toISOString() ?? null) : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    origin: figures.signedUp.has(row.id) ? 'signup' : 'console',
    owners: figures.owners
      .filter((owner) => owner.businessId === row.id)
      .map((owner) => ({
        id: owner.id,
        fullName: owner.fullName,
        email: owner.email,
        invited: owner.invited,
        delivery: owner.delivery,
      })),
    activeStaff: figures.activeStaff.get(row.id) ?? 0,
    activePaymentPoints: figures.activePoints.get(row.id) ?? 0,
    month: figures.month.get(row.id) ?? NO_MONTH,
    plan: presentPlanSummary(figures.plans.get(row.id), now),
  };
}

/** The business page: people as the console shows them, audit rows as sentences. */
export function presentBusinessDetail(input: {
  row: BusinessOverviewRow;
  origin: BusinessOrigin;
  month: string;
  people: StaffUserRow[];
  points: Awaited<ReturnType<typeof businessPaymentPoints>>;
  audit: Awaited<ReturnType<typeof operatorAuditRows>>;
}): BusinessDetail {
  return {
    business: input.row,
    origin: input.origin,
    month: input.month,
    currency: DEFAULT_CURRENCY,
    people: input.people.map((person) => {
      const status = staffStatusOf(person);
      return {
        id: person.id,
        fullName: person.fullName,
        email: person.email,
        role: person.role,
        status,
        lastLoginAt: person.lastLoginAt?.toISOString() ?? null,
        invitationDelivery: status === 'invited' ? person.invitationDelivery : null,
      };
    }),
    paymentPoints: input.points,
    audit: input.audit.map((entry) => {
      const said = describeAuditEntry(entry);
      return {
        id: entry.id,
        at: entry.createdAt.toISOString(),
        label: said.label,
        sentence: said.sentence,
        actorName: entry.actorName,
      };
    }),
  };
}
