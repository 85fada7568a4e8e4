import { describe, expect, it } from 'vitest';
import { isStaffOfBusiness, mayManageQrCodes } from './qr-policy';

const HOTEL = '11111111-1111-4111-8111-111111111111';
const CAFE = '22222222-2222-4222-8222-222222222222';

describe('QR code policy', () => {
  it('lets owners manage their own business and the platform admin any', () => {
    expect(mayManageQrCodes({ role: 'business_owner', businessId: HOTEL }, HOTEL)).toBe(true);
    expect(mayManageQrCodes({ role: 'business_owner', businessId: HOTEL }, CAFE)).toBe(false);
    expect(mayManageQrCodes({ role: 'admin', businessId: null }, CAFE)).toBe(true);
    expect(mayManageQrCodes({ role: 'employee', businessId: HOTEL }, HOTEL)).toBe(false);
  });

  it('treats a person of another business, or of none, as unknown', () => {
    expect(isStaffOfBusiness({ businessId: HOTEL }, HOTEL)).toBe(true);
    expect(isStaffOfBusiness({ businessId: CAFE }, HOTEL)).toBe(false);
    expect(isStaffOfBusiness({ businessId: null }, HOTEL)).toBe(false);
    expect(isStaffOfBusiness(undefined, HOTEL)).toBe(false);
  });
});
