import { describe, expect, it } from 'vitest';
import { catalogueLeaves } from '../../../test/support/catalogue-leaves';
import { ADMIN_CATALOGUES, ADMIN_LANGUAGES, adminTextsDe } from './admin-catalogue';

type Tree = { [key: string]: unknown };

/** A copy of a catalogue without the leaf at `path`, as a translator's slip would leave it. */
function withoutLeaf(catalogue: unknown, path: readonly string[]): unknown {
  if (path.length === 0 || !catalogue || typeof catalogue !== 'object') return catalogue;
  const [key, ...rest] = path as [string, ...string[]];
  const copy: Tree = { ...(catalogue as Tree) };
  if (rest.length === 0) delete copy[key];
  else copy[key] = withoutLeaf(copy[key], rest);
  return copy;
}

/** Every text of a catalogue with its path; functions are called with sample arguments. */
function texts(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    // Numbers suit counts and amounts, strings suit names and times ('10:00').
    const call = (sample: unknown) => {
      try {
        return String((value as (...a: unknown[]) => unknown)(...Array(value.length).fill(sample)));
      } catch {
        return null;
      }
    };
    return [[path, call(2) ?? call('10:00') ?? '']];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => texts(child, `${path}.${key}`));
  }
  return [];
}

describe('admin catalogues', () => {
  it('exist for every admin language, German first', () => {
    expect(Object.keys(ADMIN_CATALOGUES)).toEqual([...ADMIN_LANGUAGES]);
    expect(ADMIN_CATALOGUES.de).toBe(adminTextsDe);
  });

  it('have the same keys, of the same kind, in every language', () => {
    const german = catalogueLeaves(adminTextsDe);
    expect(german.length).toBeGreaterThan(500);
    for (const language of ADMIN_LANGUAGES) {
      expect(catalogueLeaves(ADMIN_CATALOGUES[language])).toEqual(german);
    }
  });

  it('tell a catalogue that lacks one key from a complete one', () => {
    const lacking = catalogueLeaves(withoutLeaf(adminTextsDe, ['admin', 'menu', 'users', 'title']));
    expect(lacking).toHaveLength(catalogueLeaves(adminTextsDe).length - 1);
    expect(lacking).not.toContain('admin.menu.users.title: string');
    expect(lacking).not.toEqual(catalogueLeaves(adminTextsDe));
  });

  it('say something at every key', () => {
    const empty = texts(adminTextsDe).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });
});
