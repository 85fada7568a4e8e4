import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from './embedded-lock';

const folder = mkdtempSync(path.join(tmpdir(), 'trinkgeld-lock-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the embedded database lock', () => {
  it('refuses a second holder in German until the first releases it', () => {
    const dataDir = path.join(folder, 'a');
    const release = lockEmbeddedDatabase(dataDir);
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(EmbeddedDatabaseBusyError);
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(
      /wird gerade von einem anderen Prozess benutzt \(PID \d+\)/,
    );
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    lockEmbeddedDatabase(dataDir)();
  });

  it('takes over the lock of a process that no longer runs', () => {
    const dataDir = path.join(folder, 'b');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(`${dataDir}.lock`, gone.stdout.toString());
    const release = lockEmbeddedDatabase(dataDir);
    release();
  });
});
