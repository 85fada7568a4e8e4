import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * CHANGELOG.md tells operators what changed per release, newest first, and its
 * newest entry is the version package.json names (the one the start line and /admin/system show).
 */
const root = path.resolve(import.meta.dirname, '..');
const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};

/** Each release heading: `## 1.2.3 – 2026-11-29`. */
const releases = [...changelog.matchAll(/^## (\d+\.\d+\.\d+) – (\d{4}-\d{2}-\d{2})$/gm)].map(
  (match) => ({ version: match[1]!, date: match[2]! }),
);

function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let index = 0; index < 3; index += 1) {
    if (x[index] !== y[index]) return x[index]! - y[index]!;
  }
  return 0;
}

describe('CHANGELOG.md', () => {
  it('starts with the version in package.json', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(releases[0]?.version).toBe(version);
  });

  it('lists every release once, newest first, with its date', () => {
    const sorted = [...releases].sort((a, b) => compareVersions(b.version, a.version));
    expect(releases).toEqual(sorted);
    expect(new Set(releases.map((release) => release.version)).size).toBe(releases.length);
    const dates = releases.map((release) => release.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('has a heading for every "## " line', () => {
    const headings = changelog.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toHaveLength(releases.length);
  });
});
