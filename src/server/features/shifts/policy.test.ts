import { describe, expect, it } from 'vitest';
import { assignmentProblem, copyWeekAllowed } from './policy';

const businessId = 'b1';
const ok = {
  target: { businessId, pointType: 'object' as const },
  person: { businessId, disabled: false },
  businessId,
  dayOffset: 0,
};

describe('shift policy', () => {
  it('refuses targets and people outside the business, person points and days out of range', () => {
    expect(assignmentProblem(ok)).toBeNull();
    expect(assignmentProblem({ ...ok, target: { businessId, pointType: 'team' } })).toBe(
      'shift_point_not_object',
    );
    expect(assignmentProblem({ ...ok, target: { businessId } })).toBeNull();
    expect(assignmentProblem({ ...ok, target: { businessId: 'b2', pointType: 'object' } })).toBe(
      'shift_target_not_found',
    );
    expect(assignmentProblem({ ...ok, target: null })).toBe('shift_target_not_found');
    expect(assignmentProblem({ ...ok, person: { businessId: 'b2', disabled: false } })).toBe(
      'shift_person_not_found',
    );
    expect(assignmentProblem({ ...ok, person: { businessId, disabled: true } })).toBe(
      'shift_person_not_found',
    );
    expect(assignmentProblem({ ...ok, dayOffset: -1 })).toBe('shift_day_out_of_range');
    expect(assignmentProblem({ ...ok, dayOffset: 14 })).toBeNull();
    expect(assignmentProblem({ ...ok, dayOffset: 15 })).toBe('shift_day_out_of_range');
  });

  it('copies a week only into plannable days', () => {
    expect(copyWeekAllowed(0)).toBe(true);
    expect(copyWeekAllowed(7)).toBe(true);
    expect(copyWeekAllowed(8)).toBe(false);
    expect(copyWeekAllowed(-7)).toBe(true);
    expect(copyWeekAllowed(-8)).toBe(false);
  });
});
