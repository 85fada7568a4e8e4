import { describe, expect, it } from 'vitest';
import type { PaymentPoint } from '../../../../shared/api/payment-points';
import { EMPTY_FILTER, filterPoints, isFiltered } from './filter-points';

const point = (overrides: Partial<PaymentPoint>): PaymentPoint => ({
  id: overrides.uid ?? 'id',
  source: 'entrypoint',
  uid: 'uid',
  type: 'person',
  name: 'Name',
  label: 'Name',
  description: null,
  department: null,
  shift: null,
  location: null,
  targetType: 'user',
  targetId: '11111111-1111-4111-8111-111111111111',
  targetName: null,
  targetJobTitle: null,
  origin: 'trinkgeld',
  active: true,
  works: overrides.active ?? true,
  primary: false,
  demo: false,
  link: 'http://x/t/uid',
  integration: {
    status: 'none',
    nfcObjectId: null,
    qrCodeId: null,
    downloadLinks: { png: null, pdf: null, svg: null },
    syncedAt: null,
    error: null,
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const points = [
  point({ uid: 'joerg-abc', label: 'Jörg Weiß', targetName: 'Jörg Weiß' }),
  point({ uid: 'tisch-7', type: 'object', targetType: 'tenant', label: 'Tisch 7', active: false }),
  point({
    uid: 'aio-team',
    type: 'team',
    targetType: 'team',
    label: 'Service',
    demo: true,
    targetName: 'Küche',
  }),
];
const uids = (filter: Partial<typeof EMPTY_FILTER>) =>
  filterPoints(points, { ...EMPTY_FILTER, ...filter }).map((p) => p.uid);

describe('filterPoints', () => {
  it('keeps everything without filters', () => {
    expect(uids({})).toEqual(['joerg-abc', 'tisch-7', 'aio-team']);
    expect(isFiltered(EMPTY_FILTER)).toBe(false);
  });

  it('searches uid, label, name and target name, ignoring case and accents', () => {
    expect(uids({ text: 'JORG' })).toEqual(['joerg-abc']);
    expect(uids({ text: 'kuche' })).toEqual(['aio-team']);
    expect(uids({ text: 'tisch-7' })).toEqual(['tisch-7']);
    expect(uids({ text: '  ' })).toHaveLength(3);
  });

  it('filters by type, status, target and demo flag, combined', () => {
    expect(uids({ type: 'object' })).toEqual(['tisch-7']);
    expect(uids({ status: 'inactive' })).toEqual(['tisch-7']);
    expect(uids({ status: 'active', target: 'team' })).toEqual(['aio-team']);
    expect(uids({ demoOnly: true })).toEqual(['aio-team']);
    expect(uids({ demoOnly: true, type: 'person' })).toEqual([]);
    expect(isFiltered({ ...EMPTY_FILTER, demoOnly: true })).toBe(true);
  });
});

describe('the status filter', () => {
  it('counts as active only what a guest can tip through, as the dashboard does (decision 0475)', () => {
    const list = [
      point({ uid: 'works' }),
      // Switched on, but its person was deactivated: guests are turned away.
      point({ uid: 'person-gone', active: true, works: false }),
      point({ uid: 'klassisch', source: 'legacy', label: 'Klassischer QR-Code' }),
    ];
    const status = (value: 'active' | 'inactive') =>
      filterPoints(list, { ...EMPTY_FILTER, status: value }).map((p) => p.uid);
    expect(status('active')).toEqual(['works', 'klassisch']);
    expect(status('inactive')).toEqual(['person-gone']);
  });
});
