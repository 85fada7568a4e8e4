import { afterEach, describe, expect, it, vi } from 'vitest';
import { scoped, selectBusiness, selectedBusinessId } from './business-scope';

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

  it('works without storage (server rendering, private modes)', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(selectedBusinessId()).toBeNull();
    expect(scoped('/x', 'b2')).toBe('/x?businessId=b2');
  });
});
