import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  leaveBusiness,
  platformViewChosen,
  scoped,
  selectBusiness,
  selectedBusinessId,
} from './business-scope';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin business scope', () => {
  it('adds the selected business to admin API paths, with ? or &', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    expect(scoped('/api/admin/entrypoints')).toBe('/api/admin/entrypoints');
    selectBusiness('b1');
    expect(selectedBusinessId()).toBe('b1');
    expect(scoped('/api/admin/entrypoints')).toBe('/api/admin/entrypoints?businessId=b1');
    expect(scoped('/api/admin/audit?page=2')).toBe('/api/admin/audit?page=2&businessId=b1');
    selectBusiness(null);
    expect(scoped('/api/admin/entrypoints')).toBe('/api/admin/entrypoints');
  });

  it("'Zur Plattform-Ansicht' leaves the business, home business included, until one is chosen", () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    expect(platformViewChosen()).toBe(false);
    selectBusiness('b1');
    leaveBusiness();
    expect(platformViewChosen()).toBe(true);
    expect(selectedBusinessId()).toBeNull();
    expect(scoped('/api/admin/businesses')).toBe('/api/admin/businesses');
    selectBusiness('b2');
    expect(platformViewChosen()).toBe(false);
    expect(selectedBusinessId()).toBe('b2');
  });

  it('works without storage (server rendering, private modes)', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(selectedBusinessId()).toBeNull();
    expect(scoped('/x', 'b2')).toBe('/x?businessId=b2');
  });
});
