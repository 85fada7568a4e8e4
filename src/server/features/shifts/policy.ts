import { SHIFT_DAYS_AHEAD } from '../../../shared/domain/shifts';
import type { EntrypointType } from '../../../shared/domain/tips';
import type { SHIFT_ERRORS } from '../../../shared/api/shifts';

/** Days a plan may name, counted from today where the business is. */
export function dayInPlanningWindow(offsetFromToday: number): boolean {
  return offsetFromToday >= 0 && offsetFromToday <= SHIFT_DAYS_AHEAD;
}

/** A week may be copied from last week up to the week that ends on the last plannable day. */
export function copyWeekAllowed(fromOffset: number): boolean {
  return fromOffset >= -7 && fromOffset + 7 <= SHIFT_DAYS_AHEAD;
}

/**
 * Why an assignment may not be made, or null: the target and the person must belong to the
 * business (a person also must not be deactivated), a point must be an object (a person's point
 * always tips that person), and the day must lie in the planning window.
 */
export function assignmentProblem(facts: {
  target: { businessId: string; pointType?: EntrypointType } | null;
  person: { businessId: string | null; disabled: boolean } | null;
  businessId: string;
  dayOffset: number;
}): keyof typeof SHIFT_ERRORS | null {
  if (!facts.target || facts.target.businessId !== facts.businessId) {
    return 'shift_target_not_found';
  }
  if (facts.target.pointType !== undefined && facts.target.pointType !== 'object') {
    return 'shift_point_not_object';
  }
  if (!facts.person || facts.person.businessId !== facts.businessId || facts.person.disabled) {
    return 'shift_person_not_found';
  }
  if (!dayInPlanningWindow(facts.dayOffset)) return 'shift_day_out_of_range';
  return null;
}
