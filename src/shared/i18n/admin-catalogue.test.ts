import { describe, expect, it } from 'vitest';
import { catalogueLeaves } from '../../../test/support/catalogue-leaves';
import {
  ADMIN_CATALOGUES,
  ADMIN_LANGUAGES,
  type AdminCataloguePart,
  adminTextsDe,
} from './admin-catalogue';
import { adminApiKeysPart } from './admin-catalogue-api-keys';
import { adminAuditPart } from './admin-catalogue-audit';
import { adminBrandingPart } from './admin-catalogue-branding';
import { adminBusinessesPart } from './admin-catalogue-businesses';
import { adminPayoutLabelsPart } from './admin-catalogue-payout-labels';
import { adminPayoutsPart } from './admin-catalogue-payouts';
import { adminPeoplePart } from './admin-catalogue-people';
import { adminPointsPart } from './admin-catalogue-points';
import { adminReportsPart } from './admin-catalogue-reports';
import { adminSetupPart } from './admin-catalogue-setup';
import { adminSystemPart } from './admin-catalogue-system';

/** Every part of the catalogue a page loads with itself (decision 0410). */
const PARTS: Record<string, AdminCataloguePart<object>> = {
  apiKeys: adminApiKeysPart,
  audit: adminAuditPart,
  branding: adminBrandingPart,
  businesses: adminBusinessesPart,
  payoutLabels: adminPayoutLabelsPart,
  payouts: adminPayoutsPart,
  people: adminPeoplePart,
  points: adminPointsPart,
  reports: adminReportsPart,
  setup: adminSetupPart,
  system: adminSystemPart,
};

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
    for (const language of ADMIN_LANGUAGES) {
      expect(catalogueLeaves(ADMIN_CATALOGUES[language])).toEqual(german);
    }
    for (const part of Object.values(PARTS)) {
      expect(Object.keys(part)).toEqual([...ADMIN_LANGUAGES]);
      const germanPart = catalogueLeaves(part.de);
      for (const language of ADMIN_LANGUAGES) {
        expect(catalogueLeaves(part[language])).toEqual(germanPart);
      }
    }
    // The console as a whole: the core and its parts together.
    const all = Object.values(PARTS).flatMap((part) => catalogueLeaves(part.de));
    expect(german.length + all.length).toBeGreaterThan(500);
  });

  it('keep the dashboard to its own texts: the parts hold most of them', () => {
    const partLeaves = Object.values(PARTS).flatMap((part) => catalogueLeaves(part.de));
    expect(partLeaves.length).toBeGreaterThan(catalogueLeaves(adminTextsDe).length);
  });

  it('add keys in their parts, never one the core or another part has', () => {
    // useAdminTexts(part) merges a part's groups into the catalogue's one level deep: a key
    // (group.key) that two of them had would silently replace the other's.
    const keysOf = (catalogue: object) =>
      Object.entries(catalogue).flatMap(([group, value]) =>
        value && typeof value === 'object'
          ? Object.keys(value).map((key) => `${group}.${key}`)
          : [group],
      );
    const seen = new Map<string, string>(keysOf(adminTextsDe).map((key) => [key, 'core']));
    const clashes: string[] = [];
    for (const [name, part] of Object.entries(PARTS)) {
      for (const key of keysOf(part.de)) {
        const owner = seen.get(key);
        if (owner) clashes.push(`${key} in ${name} and ${owner}`);
        seen.set(key, name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('tell a catalogue that lacks one key from a complete one', () => {
    const lacking = catalogueLeaves(withoutLeaf(adminTextsDe, ['admin', 'menu', 'users', 'title']));
    expect(lacking).toHaveLength(catalogueLeaves(adminTextsDe).length - 1);
    expect(lacking).not.toContain('admin.menu.users.title: string');
    expect(lacking).not.toEqual(catalogueLeaves(adminTextsDe));
  });

  it('say something at every key', () => {
    const everyText = [adminTextsDe, ...Object.values(PARTS).map((part) => part.de)].flatMap(
      (catalogue) => texts(catalogue),
    );
    const empty = everyText.filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('leave no placeholder such as {origin} for the reader to fill in', () => {
    const everyText = [adminTextsDe, ...Object.values(PARTS).map((part) => part.de)].flatMap(
      (catalogue) => texts(catalogue),
    );
    const unfilled = everyText.filter(([, text]) => /\{[a-zA-Z_]+\}/.test(text));
    expect(unfilled).toEqual([]);
  });
});
