import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/decisions/README.md is the index a newcomer reads: it must list every record, once, with a status. */
const folder = path.resolve(import.meta.dirname, '../docs/decisions');
const records = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');
const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\)\s*\|[^|]+\|\s*([^|]+?)\s*\|$/gm)];

describe('decision index', () => {
  it('lists every record once, linked to its file', () => {
    expect(rows.map((row) => row[2]).sort()).toEqual([...records].sort());
    expect(rows.every((row) => row[2]?.startsWith(`${row[1]}-`))).toBe(true);
  });

  it('gives each record a status', () => {
    for (const row of rows) {
      expect(row[3], row[2]).toMatch(
        /^(accepted|partly superseded by \d{4}|superseded by \d{4}|amended by \d{4})/,
      );
    }
  });
});
