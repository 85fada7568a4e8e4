import { describe, expect, it } from 'vitest';
import { mayManageBranding, mayUseLogo } from './policy';

const HOTEL = '11111111-1111-4111-8111-111111111111';
const CAFE = '22222222-2222-4222-8222-222222222222';

describe('mayManageBranding', () => {
  it.each<
    [
      string,
      { role: 'admin' | 'business_owner' | 'employee'; businessId: string | null },
      string,
      boolean,
    ]
  >([
    ['the owner, own business', { role: 'business_owner', businessId: HOTEL }, HOTEL, true],
    ['the owner, another business', { role: 'business_owner', businessId: HOTEL }, CAFE, false],
    ['the platform admin, any business', { role: 'admin', businessId: null }, CAFE, true],
    ['an employee, own business', { role: 'employee', businessId: HOTEL }, HOTEL, false],
  ])('%s', (_name, actor, businessId, expected) => {
    expect(mayManageBranding(actor, businessId)).toBe(expected);
  });
});

describe('mayUseLogo', () => {
  const base = { stored: '/api/media/a', businessId: HOTEL };
  it('allows no logo and the logo already stored', () => {
    expect(mayUseLogo({ ...base, requested: null, mediaBusinessId: undefined })).toBe(true);
    expect(mayUseLogo({ ...base, requested: '/api/media/a', mediaBusinessId: undefined })).toBe(
      true,
    );
  });
  it('allows a new upload of this business only', () => {
    expect(mayUseLogo({ ...base, requested: '/api/media/b', mediaBusinessId: HOTEL })).toBe(true);
    expect(mayUseLogo({ ...base, requested: '/api/media/b', mediaBusinessId: CAFE })).toBe(false);
    expect(mayUseLogo({ ...base, requested: '/api/media/b', mediaBusinessId: null })).toBe(false);
    expect(mayUseLogo({ ...base, requested: '/api/media/b', mediaBusinessId: undefined })).toBe(
      false,
    );
  });
});
