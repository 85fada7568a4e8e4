import { describe, expect, it } from 'vitest';
import { poolAssignProblem } from './policy';

const businessId = 'b1';
const ok = {
  tip: { businessId, waiting: true, received: false },
  person: { businessId, disabled: false },
  businessId,
};

describe('pool policy', () => {
  it('gives a pooled tip once, to an active person of the same business', () => {
    expect(poolAssignProblem(ok)).toBeNull();
    expect(poolAssignProblem({ ...ok, tip: null })).toBe('pool_tip_not_found');
    expect(poolAssignProblem({ ...ok, tip: { ...ok.tip, businessId: 'b2' } })).toBe(
      'pool_tip_not_found',
    );
    expect(poolAssignProblem({ ...ok, tip: { ...ok.tip, waiting: false } })).toBe(
      'pool_tip_not_found',
    );
    expect(poolAssignProblem({ ...ok, tip: { ...ok.tip, received: true } })).toBe(
      'pool_tip_assigned',
    );
    expect(poolAssignProblem({ ...ok, person: { businessId: 'b2', disabled: false } })).toBe(
      'pool_person_not_found',
    );
    expect(poolAssignProblem({ ...ok, person: { businessId, disabled: true } })).toBe(
      'pool_person_not_found',
    );
  });
});
