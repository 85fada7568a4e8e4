import type { BusinessOverviewRow, BusinessPlanSummary } from '../../src/shared/api/operator';
import type { PlanState } from '../../src/shared/api/plans';
import type { StaffUser } from '../../src/shared/api/staff';
import type { Team } from '../../src/shared/api/teams';
import {
  BASIS_SHARED_POINT_ALLOWANCE,
  entitlementsOf,
  PRO_PRICE_CENTS_PER_LOCATION,
  PRO_VAT_PERCENT,
} from '../../src/shared/domain/plans';

/**
 * Answers of the API as the component tier's screens receive them (decision 0530): each call
 * makes a fresh object with its own id, the fields a test names set over plain defaults.
 */
let next = 0;
/** A new UUID-shaped id, different on every call; `prefix` tells kinds apart when reading. */
export function uuid(prefix = '00000000'): string {
  next += 1;
  return `${prefix}-0000-4000-8000-${String(next).padStart(12, '0')}`;
}

export function staffUser(fields: Partial<StaffUser> = {}): StaffUser {
  const id = fields.id ?? uuid('5f0c8a1e');
  return {
    id,
    fullName: 'Anna Schneider',
    email: `person-${id.slice(-6)}@example.test`,
    role: 'employee',
    teams: [],
    status: 'active',
    lastLoginAt: null,
    invitationExpiresAt: null,
    invitationDelivery: null,
    twoFactorEnabled: false,
    ...fields,
    allowedActions: {
      changeRole: [],
      deactivate: false,
      reactivate: false,
      resendInvitation: false,
      resetTwoFactor: false,
      ...fields.allowedActions,
    },
  };
}

export function team(fields: Partial<Team> = {}): Team {
  return {
    id: uuid('7eab0000'),
    name: 'Service',
    splitRule: 'equal',
    members: [],
    pointCount: 0,
    ...fields,
  };
}

/**
 * The answer of GET /api/admin/plan (decision 0610): a business on paid Pro, with every feature
 * and no point allowance, as the factories make businesses by default.
 */
export function proPlan(fields: Partial<PlanState> = {}): PlanState {
  return {
    plan: 'pro',
    status: 'active',
    source: 'paid',
    proUntil: null,
    trialEndsAt: null,
    trialAvailable: true,
    currentPeriodEnd: '2026-12-31T23:00:00.000Z',
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    grantedUntil: null,
    locations: 1,
    paymentProvider: 'demo',
    priceCentsPerLocation: PRO_PRICE_CENTS_PER_LOCATION,
    vatPercent: PRO_VAT_PERCENT,
    entitlements: entitlementsOf('pro'),
    sharedPoints: { used: 0, allowance: null },
    ...fields,
  };
}

/** A business on Basis: no Pro feature, three shared points allowed (none used unless given). */
export function basisPlan(fields: Partial<PlanState> = {}): PlanState {
  return proPlan({
    plan: 'basis',
    status: 'basis',
    source: 'none',
    currentPeriodEnd: null,
    paymentProvider: null,
    entitlements: entitlementsOf('basis'),
    sharedPoints: { used: 0, allowance: BASIS_SHARED_POINT_ALLOWANCE },
    ...fields,
  });
}

/** A business's plan as the operator's console shows it (Basis unless given). */
export function businessPlanSummary(
  fields: Partial<BusinessPlanSummary> = {},
): BusinessPlanSummary {
  return {
    plan: 'basis',
    source: 'none',
    status: 'basis',
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    grantedUntil: null,
    locations: 1,
    ...fields,
  };
}

/** A row of the operator's business list: an active business without figures, on Basis. */
export function businessOverviewRow(
  fields: Partial<BusinessOverviewRow> = {},
): BusinessOverviewRow {
  return {
    id: uuid('b0b0b0b0'),
    name: 'Hotel Seeblick',
    address: null,
    contactEmail: 'info@seeblick.example',
    status: 'active',
    suspensionReason: null,
    suspendedAt: null,
    closedAt: null,
    erasedAt: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    origin: 'console',
    owners: [],
    activeStaff: 0,
    activePaymentPoints: 0,
    month: { tipsCents: 0, tipCount: 0, platformFeeCents: 0 },
    plan: businessPlanSummary(),
    ...fields,
  };
}
