import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md lists the feature folders of src/server/features in its tree: the lines
 * under `    features/` (in src/server) that open with six spaces and `name/`, up to `    jobs/`.
 * This keeps that list and the folders equal (decision 0575).
 */
function documentedFeatures(markdown: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^ {4}features\/\s/.test(line));
  const end = lines.findIndex((line, index) => index > start && /^ {4}\S/.test(line));
  expect(start, 'docs/architecture.md has no "    features/" line').toBeGreaterThanOrEqual(0);
  return lines
    .slice(start + 1, end)
    .map((line) => /^ {6}([a-z0-9-]+)\/(\s|$)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe("architecture.md's feature list", () => {
  it('names every folder of src/server/features once, and no folder that is gone', () => {
    const documented = documentedFeatures(readFileSync('docs/architecture.md', 'utf8'));
    const folders = readdirSync('src/server/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(new Set(documented).size, 'a folder is listed twice').toBe(documented.length);
    expect({
      missingFromDocs: folders.filter((name) => !documented.includes(name)),
      goneFromDisk: documented.filter((name) => !folders.includes(name)),
    }).toEqual({ missingFromDocs: [], goneFromDisk: [] });
  });

  it('reads the list from the tree format', () => {
    const sample = [
      '  server/',
      '    features/        one folder per capability',
      '      health/        /healthz',
      '                     a continuation line/ that names no folder',
      '      two-factor/    codes',
      '    jobs/            periodic work',
      '      not-a-feature/ after the list',
    ].join('\n');
    expect(documentedFeatures(sample)).toEqual(['health', 'two-factor']);
  });
});
