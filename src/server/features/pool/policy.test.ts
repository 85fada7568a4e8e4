import { describe, expect, it } from 'vitest';
import { canManagePool, poolAssignProblem } from './policy';

const businessId = 'b1';
const ok = {
  tip: { businessId, waiting: true, received: false },
  person: { businessId, disabled: false },
  businessId,
};

describe('pool policy', () => {
  it('lets only the business’s owners and the platform admin give out pooled tips', () => {
    expect(canManagePool({ role: 'business_owner', businessId }, businessId)).toBe(true);
    expect(canManagePool({ role: 'business_owner', businessId: 'b2' }, businessId)).toBe(false);
    expect(canManagePool({ role: 'employee', businessId }, businessId)).toBe(false);
    expect(canManagePool({ role: 'admin', businessId: null }, businessId)).toBe(true);
  });

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
