import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    const gonePid = Number(gone.stdout.toString());
    expect(gonePid).toBeGreaterThan(0);
    expect(gonePid).not.toBe(process.pid);
    writeFileSync(`${dataDir}.lock`, String(gonePid));
    const release = lockEmbeddedDatabase(dataDir);
    // The lock now names this process, not the one that is gone ...
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    // ... so a further holder is refused with this process's id ...
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(`(PID ${process.pid})`);
    // ... and its release removes the file.
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it("leaves alone a lock that another process took after this one's", () => {
    const dataDir = path.join(folder, 'c');
    const release = lockEmbeddedDatabase(dataDir);
    // Someone removed the file by hand and a running process (the test runner's parent) took it.
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    release();
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.ppid));
    expect(() => lockEmbeddedDatabase(dataDir)).toThrow(EmbeddedDatabaseBusyError);
  });
});
