import {
  type BusinessPlanState,
  type BusinessPlanSummary,
  businessPlanStateOf,
} from '../../../../shared/api/operator';
import { berlinDay } from '../../../../shared/domain/berlin-day';
import { adminBusinessesPart } from '../../../../shared/i18n/admin-catalogue-businesses';
import { Badge } from '../../../components/ui/Badge';
import { useAdminTexts } from '../../../lib/admin-language';
import { formatDate } from '../../../lib/format';

/**
 * The last Berlin day of the operator's grant (YYYY-MM-DD): `grantedUntil` is the start of the
 * day after it, as 'bis 31.03.' holds through the 31st.
 */
export function grantLastDay(grantedUntil: string): string {
  return berlinDay(new Date(new Date(grantedUntil).getTime() - 1));
}

/** A calendar day (YYYY-MM-DD) in German, the same day in every time zone. */
export function formatDay(day: string): string {
  return formatDate(`${day}T12:00:00`);
}

/** Until when the state holds, in German: a trial's end, a grant's last day, a paid period's end. */
export function planStateDate(plan: BusinessPlanSummary, state: BusinessPlanState): string | null {
  if (state === 'trial' && plan.trialEndsAt) return formatDate(plan.trialEndsAt);
  if (state === 'granted' && plan.grantedUntil) return formatDay(grantLastDay(plan.grantedUntil));
  if (state === 'cancelled' && plan.source === 'paid' && plan.currentPeriodEnd) {
    return formatDate(plan.currentPeriodEnd);
  }
  return null;
}

/**
 * A business's plan in the operator console (decision 0610): 'Basis' or 'Pro' as a badge, below
 * it the state (Testphase, aktiv, Zahlung offen, gekündigt, freigeschaltet) with until when, and
 * the booked locations of a paid subscription.
 */
export function PlanBadge({ plan }: { plan: BusinessPlanSummary }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const state = businessPlanStateOf(plan);
  const label = b.plan.states[state];
  const date = planStateDate(plan, state);
  const line =
    date === null
      ? label
      : state === 'cancelled'
        ? b.plan.stateOn(label, date)
        : b.plan.stateUntil(label, date);
  const paid = plan.source === 'paid' || plan.source === 'grace';
  return (
    <span className="flex flex-col items-start gap-1" data-testid="plan-badge">
      <Badge variant={plan.plan === 'pro' ? 'default' : 'outline'}>{b.plan.names[plan.plan]}</Badge>
      {state !== 'basis' ? (
        <span className="text-xs text-muted-foreground">
          {line}
          {paid ? <span className="block">{b.plan.locations(plan.locations)}</span> : null}
        </span>
      ) : null}
    </span>
  );
}
