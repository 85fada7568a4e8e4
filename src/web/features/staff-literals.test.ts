import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The staff screens speak the person's staff language (decision 0383), so their words come from
 * the staff catalogue. A text written straight into an attribute (`label="Lade..."`) stays German
 * on an English screen, and a browser test sees it only when it happens to catch the moment it
 * shows (a spinner), so this check reads the source instead.
 */
const STAFF_FEATURES = ['employee', 'account', 'two-factor', 'auth'];
const TEXT_ATTRIBUTE =
  /\b(label|placeholder|aria-label|title|alt|description|pendingText)="([^"]*)"/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

describe('staff screens', () => {
  it('take every label, placeholder and title from the staff catalogue', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const literals = STAFF_FEATURES.flatMap((feature) =>
      sourceFiles(join(import.meta.dirname, feature)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(TEXT_ATTRIBUTE)]
          .filter(([, , text]) => /\p{L}{2,}/u.test(text ?? ''))
          .map(([attribute]) => `${relative(root, file)}: ${attribute}`),
      ),
    );
    expect(literals).toEqual([]);
  });
});
