import { describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/domain/roles';
import { mayManageSetup } from './policy';

const HOTEL = '11111111-1111-4111-8111-111111111111';
const CAFE = '22222222-2222-4222-8222-222222222222';

describe('mayManageSetup', () => {
  it.each<[string, { role: Role; businessId: string | null }, string, boolean]>([
    ['the owner, own business', { role: 'business_owner', businessId: HOTEL }, HOTEL, true],
    ['the owner, another business', { role: 'business_owner', businessId: HOTEL }, CAFE, false],
    ['an owner without a business', { role: 'business_owner', businessId: null }, HOTEL, false],
    ['the platform admin, a chosen business', { role: 'admin', businessId: HOTEL }, CAFE, true],
    ['an employee, own business', { role: 'employee', businessId: HOTEL }, HOTEL, false],
  ])('%s', (_name, actor, businessId, expected) => {
    expect(mayManageSetup(actor, businessId)).toBe(expected);
  });
});
