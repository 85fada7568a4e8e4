import { describe, expect, it } from 'vitest';
import type { BusinessStatus } from '../../../shared/domain/business-status';
import { businessStatusOf } from '../../../shared/domain/business-status';
import { ROLES, type Role } from '../../../shared/domain/roles';
import {
  closingObstacle,
  decideLifecycle,
  isErasureDue,
  type LifecycleAction,
  type LifecycleDecision,
  mayOperateBusinesses,
} from './policy';
import { staffAccessRefusal } from '../../../shared/domain/business-access';

const outcome = (decision: LifecycleDecision) => (decision.allowed ? 'ok' : decision.reason);

describe('who operates the console', () => {
  it.each([
    ['admin', true],
    ['business_owner', false],
    ['employee', false],
  ] as const)('%s: %s', (role, allowed) => {
    expect(mayOperateBusinesses({ role })).toBe(allowed);
  });

  it('covers every role', () => {
    expect(ROLES).toEqual(['admin', 'business_owner', 'employee']);
  });
});

describe('lifecycle of a business', () => {
  /** Rows: the status now; columns: suspend, reactivate, close. */
  const MATRIX: Record<BusinessStatus, [string, string, string]> = {
    active: ['ok', 'not_suspended', 'ok'],
    suspended: ['not_active', 'ok', 'ok'],
    closed: ['already_closed', 'closed_final', 'already_closed'],
  };
  const ACTIONS: LifecycleAction[] = ['suspend', 'reactivate', 'close'];

  it.each(Object.entries(MATRIX))('from %s', (status, expected) => {
    expect(
      ACTIONS.map((action) => outcome(decideLifecycle(status as BusinessStatus, action))),
    ).toEqual(expected);
  });
});

describe('business status', () => {
  it.each([
    [{ active: true, closedAt: null }, 'active'],
    [{ active: false, closedAt: null }, 'suspended'],
    [{ active: false, closedAt: new Date('2026-01-01') }, 'closed'],
    [{ active: false, closedAt: '2026-01-01T00:00:00Z' }, 'closed'],
  ] as const)('%o is %s', (row, status) => {
    expect(businessStatusOf(row)).toBe(status);
  });
});

describe('staff of a suspended or closed business', () => {
  const business = {
    active: { active: true, closedAt: null },
    suspended: { active: false, closedAt: null },
    closed: { active: false, closedAt: new Date('2026-03-01T10:00:00Z') },
    none: null,
  } as const;
  /** Rows: the person's role; columns: their business active, suspended, closed, none. */
  const MATRIX: Record<Role, [string, string, string, string]> = {
    admin: ['in', 'in', 'in', 'in'],
    business_owner: ['in', 'business_suspended', 'business_closed', 'in'],
    employee: ['in', 'business_suspended', 'business_closed', 'in'],
  };

  it.each(Object.entries(MATRIX))('%s', (role, expected) => {
    const answers = (['active', 'suspended', 'closed', 'none'] as const).map(
      (kind) => staffAccessRefusal({ role: role as Role, business: business[kind] }) ?? 'in',
    );
    expect(answers).toEqual(expected);
  });

  it('keeps a person without a profile role out like an employee', () => {
    expect(staffAccessRefusal({ role: null, business: business.suspended })).toBe(
      'business_suspended',
    );
  });
});

describe('closing', () => {
  it.each([
    [{ waitingCents: 0, runningCheckouts: 0 }, null],
    [{ waitingCents: 1, runningCheckouts: 0 }, 'money_waiting'],
    [{ waitingCents: 500, runningCheckouts: 2 }, 'money_waiting'],
    [{ waitingCents: 0, runningCheckouts: 1 }, 'payments_running'],
  ] as const)('%o -> %s', (facts, expected) => {
    expect(closingObstacle(facts)).toBe(expected);
  });

  it('erases a closed business only once its retention period has passed, and only once', () => {
    const closedAt = new Date('2026-01-01T12:00:00Z');
    const day = 24 * 60 * 60_000;
    const at = (days: number) => new Date(closedAt.getTime() + days * day);
    expect(isErasureDue({ closedAt, erasedAt: null }, at(89.9), 90)).toBe(false);
    expect(isErasureDue({ closedAt, erasedAt: null }, at(90), 90)).toBe(true);
    expect(isErasureDue({ closedAt, erasedAt: at(90) }, at(200), 90)).toBe(false);
    expect(isErasureDue({ closedAt: null, erasedAt: null }, at(200), 90)).toBe(false);
  });
});
