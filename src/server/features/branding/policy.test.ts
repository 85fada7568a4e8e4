import { describe, expect, it } from 'vitest';
import { changesWhitelabel, mayManageBranding, mayUseLogo, WHITELABEL_FIELDS } from './policy';

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

describe('changesWhitelabel (Pro, decision 0610)', () => {
  const stored = {
    primaryColor: '#003057',
    secondaryColor: '#F5F5F5',
    accentColor: '#FFB800',
    fontFamily: 'Fira Sans',
    logoUrl: null,
  };
  it('is false for the same look, whatever the letter case of a colour', () => {
    expect(changesWhitelabel(stored, { ...stored, primaryColor: '#003057'.toUpperCase() })).toBe(
      false,
    );
  });
  it.each(WHITELABEL_FIELDS)('is true when %s changes', (field) => {
    const changed =
      field === 'logoUrl' ? '/api/media/neu' : field === 'fontFamily' ? 'Inter' : '#112233';
    expect(changesWhitelabel(stored, { ...stored, [field]: changed })).toBe(true);
  });
});
