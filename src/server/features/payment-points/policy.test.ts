import { describe, expect, it } from 'vitest';
import { isPointInScope, isValidTarget, mayGenerateDemoData } from './policy';

const OWN = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('payment point policy', () => {
  it('sees a point only inside the business of the request', () => {
    expect(isPointInScope({ businessId: OWN }, OWN)).toBe(true);
    expect(isPointInScope({ businessId: OTHER }, OWN)).toBe(false);
  });

  it.each([
    [
      'own employee with a name',
      { targetType: 'user', targetBusinessId: OWN, hasDisplayName: true },
      true,
    ],
    [
      'own employee without a name',
      { targetType: 'user', targetBusinessId: OWN, hasDisplayName: false },
      false,
    ],
    [
      'employee elsewhere',
      { targetType: 'user', targetBusinessId: OTHER, hasDisplayName: true },
      false,
    ],
    [
      'unknown person',
      { targetType: 'user', targetBusinessId: null, hasDisplayName: false },
      false,
    ],
    ['own team', { targetType: 'team', targetBusinessId: OWN, hasDisplayName: true }, true],
    [
      'team elsewhere',
      { targetType: 'team', targetBusinessId: OTHER, hasDisplayName: true },
      false,
    ],
    [
      'the business itself',
      { targetType: 'tenant', targetBusinessId: OWN, hasDisplayName: true },
      true,
    ],
    [
      'another business',
      { targetType: 'tenant', targetBusinessId: OTHER, hasDisplayName: true },
      false,
    ],
  ] as const)('target: %s', (_name, facts, allowed) => {
    expect(isValidTarget(facts, OWN)).toBe(allowed);
  });

  it('lets only the platform admin generate demo data', () => {
    expect(mayGenerateDemoData({ role: 'admin' })).toBe(true);
    expect(mayGenerateDemoData({ role: 'business_owner' })).toBe(false);
    expect(mayGenerateDemoData({ role: 'employee' })).toBe(false);
  });
});
