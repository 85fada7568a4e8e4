import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageVersion } from './package-version';

describe('packageVersion', () => {
  it('is the release in package.json, as the start line and /admin/system name it', () => {
    const file = path.resolve(import.meta.dirname, '../../../package.json');
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    expect(packageVersion()).toBe(version);
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
