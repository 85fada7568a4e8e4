import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { octalMode, restrictDirectory, restrictTree } from './private-files';

const folder = mkdtempSync(path.join(tmpdir(), 'trinkgeld-private-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('private files (decision 0436)', () => {
  it('creates a missing directory and its parents for the owner only', () => {
    const dir = path.join(folder, 'new', 'data');
    expect(restrictDirectory(dir)).toBeUndefined();
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.dirname(dir))).toBe(0o700);
  });

  it('tightens a wider directory and says what it was', () => {
    const dir = path.join(folder, 'wide');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const before = restrictDirectory(dir);
    expect(before).toBe(0o755);
    expect(octalMode(before!)).toBe('0755');
    expect(modeOf(dir)).toBe(0o700);
    // Already private: nothing to say.
    expect(restrictDirectory(dir)).toBeUndefined();
  });

  it('takes group and other bits off every file and folder under a tree', () => {
    const dir = path.join(folder, 'tree');
    mkdirSync(path.join(dir, 'pg_wal'), { recursive: true });
    writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    writeFileSync(path.join(dir, 'pg_wal', '000000010000000000000001'), '');
    chmodSync(path.join(dir, 'PG_VERSION'), 0o666);
    chmodSync(path.join(dir, 'pg_wal', '000000010000000000000001'), 0o666);
    chmodSync(path.join(dir, 'pg_wal'), 0o777);
    restrictTree(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'pg_wal'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'pg_wal', '000000010000000000000001'))).toBe(0o600);
  });
});
