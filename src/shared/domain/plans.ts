/**
 * Trinkgeld's two plans (decision 0610): 'Basis' is free and keeps everything that gets money to
 * staff; 'Pro' adds what the spec's Pro offer lists. This file is the one place that says which
 * action needs Pro and when a business has it; the server's policy and the console's marks both
 * ask it.
 */

export const PLANS = ['basis', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_LABELS: Record<Plan, string> = { basis: 'Basis', pro: 'Pro' };

/** What only Pro may do. Everything else (tipping, payouts, the tip record, …) is Basis. */
export const PRO_FEATURES = [
  'branding',
  'reports',
  'teams',
  'manager_role',
  'shift_routing',
  'api',
  'priority_support',
  'extra_points',
] as const;
export type ProFeature = (typeof PRO_FEATURES)[number];

/**
 * Basis's allowance of payment points that are not a person's own: team, object and business
 * points together. Every employee's personal point is always free.
 */
export const BASIS_SHARED_POINT_ALLOWANCE = 3;

/** The spec's price: from 19 EUR per location per month, plus VAT. */
export const PRO_PRICE_CENTS_PER_LOCATION = 1900;
export const PRO_VAT_PERCENT = 19;
export const PRO_TRIAL_DAYS = 30;
/** How long a failed charge keeps Pro while the provider retries (dunning, decision 0610). */
export const PRO_GRACE_DAYS = 14;
export const MAX_LOCATIONS = 500;

/** Where a subscription stands, as the provider and the operator's grants leave it. */
export const SUBSCRIPTION_STATUSES = [
  'basis',
  'trialing',
  'active',
  'past_due',
  'cancelled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A business's subscription row, with times as Dates. */
export interface SubscriptionFacts {
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: Date | null;
  grantedUntil: Date | null;
}

/** Why a business has Pro right now, or 'none' on Basis. */
export type ProSource = 'granted' | 'trial' | 'paid' | 'grace' | 'none';

export interface EffectivePlan {
  plan: Plan;
  source: ProSource;
  /** When Pro ends unless something happens (a charge, a grant's end); null on Basis or paid. */
  proUntil: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a failed charge stops keeping Pro. */
export function graceEndOf(pastDueSince: Date): Date {
  return new Date(pastDueSince.getTime() + PRO_GRACE_DAYS * DAY_MS);
}

/** The end of a trial that starts now. */
export function trialEndFrom(now: Date): Date {
  return new Date(now.getTime() + PRO_TRIAL_DAYS * DAY_MS);
}

/**
 * The plan a business has at `now`. Time alone moves it (a trial or grace period runs out without
 * any job), so every check asks this with the current time. A business without a row is on Basis.
 */
export function effectivePlan(facts: SubscriptionFacts | null, now: Date): EffectivePlan {
  if (!facts) return { plan: 'basis', source: 'none', proUntil: null };
  const later = (date: Date | null) => date !== null && date.getTime() > now.getTime();
  if (later(facts.grantedUntil)) {
    return { plan: 'pro', source: 'granted', proUntil: facts.grantedUntil };
  }
  if (facts.status === 'trialing' && later(facts.trialEndsAt)) {
    return { plan: 'pro', source: 'trial', proUntil: facts.trialEndsAt };
  }
  if (
    facts.status === 'active' &&
    (facts.currentPeriodEnd === null || later(facts.currentPeriodEnd))
  ) {
    return {
      plan: 'pro',
      source: 'paid',
      proUntil: facts.cancelAtPeriodEnd ? facts.currentPeriodEnd : null,
    };
  }
  if (facts.status === 'past_due' && facts.pastDueSince && later(graceEndOf(facts.pastDueSince))) {
    return { plan: 'pro', source: 'grace', proUntil: graceEndOf(facts.pastDueSince) };
  }
  return { plan: 'basis', source: 'none', proUntil: null };
}

/** Whether a plan includes a feature. */
export function planIncludes(plan: Plan, feature: ProFeature): boolean {
  return plan === 'pro' || !(PRO_FEATURES as readonly string[]).includes(feature);
}

/** Every Pro feature with whether the plan has it: what the console's marks read. */
export function entitlementsOf(plan: Plan): Record<ProFeature, boolean> {
  return Object.fromEntries(
    PRO_FEATURES.map((feature) => [feature, planIncludes(plan, feature)]),
  ) as Record<ProFeature, boolean>;
}

/** Whether a business on `plan` with `sharedPoints` team/object points may add one more. */
export function mayAddSharedPoint(plan: Plan, sharedPoints: number): boolean {
  return plan === 'pro' || sharedPoints < BASIS_SHARED_POINT_ALLOWANCE;
}

/** Net, tax and gross of a month of Pro for `locations`, in cents (VAT rounded half up). */
export function proMonthlyPrice(locations: number): {
  netCents: number;
  vatCents: number;
  grossCents: number;
} {
  const netCents = PRO_PRICE_CENTS_PER_LOCATION * locations;
  // Integer half-up: (net × rate + 50) ÷ 100, floored; net and rate are whole numbers.
  const vatCents = Math.floor((netCents * PRO_VAT_PERCENT + 50) / 100);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}

/** A name with a postal address and a VAT id: either side of a German invoice. */
export interface PostalParty {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** USt-IdNr. with its country prefix; null for none. */
  vatId: string | null;
}

/** Who Pro's invoices go to, as the owner gives it when booking (§ 14 (4) UStG). */
export interface BillingDetails extends PostalParty {
  email: string;
}

/** A party of an issued invoice, as stored with it (the operator's or the business's details). */
export interface InvoicePartyRecord extends PostalParty {
  email: string | null;
  phone: string | null;
}
