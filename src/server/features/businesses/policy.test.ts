import { describe, expect, it } from 'vitest';
import { decideBusinessScope, mayListAllBusinesses } from './policy';

const OWN = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('decideBusinessScope', () => {
  it.each([
    [
      'owner without a parameter',
      'business_owner',
      OWN,
      undefined,
      { kind: 'business', businessId: OWN },
    ],
    [
      'owner naming the own business',
      'business_owner',
      OWN,
      OWN,
      { kind: 'business', businessId: OWN },
    ],
    ['owner naming another business', 'business_owner', OWN, OTHER, { kind: 'not_found' }],
    ['owner without a business', 'business_owner', null, undefined, { kind: 'not_found' }],
    ['employee', 'employee', OWN, undefined, { kind: 'not_found' }],
    ['admin naming a business', 'admin', OWN, OTHER, { kind: 'business', businessId: OTHER }],
    ['admin with an own business', 'admin', OWN, undefined, { kind: 'business', businessId: OWN }],
    ['admin without any business', 'admin', null, undefined, { kind: 'choose_business' }],
  ] as const)('%s', (_name, role, businessId, requested, expected) => {
    expect(decideBusinessScope({ role, businessId }, requested)).toEqual(expected);
  });

  it('lets only the platform admin list every business', () => {
    expect(mayListAllBusinesses({ role: 'admin' })).toBe(true);
    expect(mayListAllBusinesses({ role: 'business_owner' })).toBe(false);
    expect(mayListAllBusinesses({ role: 'employee' })).toBe(false);
  });
});
