import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BackupError, type BackupSummary, writeBackup } from './backup';
import type { Database } from './connect';

/**
 * A running server owns its embedded database (embedded-lock.ts): no second process may open
 * it. So `npm run backup` asks the server to write the backup itself (decision 0403), through
 * files beside the data directory that only the server's own OS user can write:
 *
 * - `<dir>.backup-service`: the pid of a server that takes requests (written at start).
 * - `<dir>.backup-request-<id>.json`: `{ "file": "/absolute/path" }`, written by the command.
 * - `<dir>.backup-result-<id>.json`: `{ "ok": true, "summary" }` or `{ "ok": false, "message" }`.
 *
 * No signal and no network endpoint: a process that holds the lock but takes no requests (an
 * older server, `npm run admin:create`) is never disturbed, and nothing is reachable from
 * outside the machine.
 */
const POLL_MS = 250;
/** Like everything in DATA_DIR, for the server's user alone (decision 0436). */
const PRIVATE = 0o600;

export const backupFiles = (dataDir: string) => ({
  service: `${dataDir}.backup-service`,
  request: (id: string) => `${dataDir}.backup-request-${id}.json`,
  result: (id: string) => `${dataDir}.backup-result-${id}.json`,
});

type BackupResult = { ok: true; summary: BackupSummary } | { ok: false; message: string };

/**
 * Server side: takes backup requests for `dataDir` until the returned stop is called, and signs
 * the backups with the server's session secret (decision 0435).
 */
export function serveBackupRequests(
  database: Database,
  dataDir: string,
  secret: string,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): () => void {
  const files = backupFiles(dataDir);
  const folder = path.dirname(dataDir);
  const prefix = `${path.basename(dataDir)}.backup-request-`;
  const requests = () => {
    try {
      return readdirSync(folder).filter(
        (name) => name.startsWith(prefix) && name.endsWith('.json'),
      );
    } catch {
      return [];
    }
  };
  // A request from before this start was left by a command that gave up (or was interrupted):
  // nobody waits for it, so it is not carried out now.
  for (const name of requests()) rmSync(path.join(folder, name), { force: true });
  writeFileSync(files.service, String(process.pid), { mode: PRIVATE });
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    const pending = requests();
    if (pending.length === 0) return;
    busy = true;
    void (async () => {
      for (const name of pending) {
        const id = name.slice(prefix.length, -'.json'.length);
        const request = path.join(folder, name);
        let result: BackupResult;
        try {
          const { file } = JSON.parse(readFileSync(request, 'utf8')) as { file: unknown };
          rmSync(request, { force: true });
          if (typeof file !== 'string' || !path.isAbsolute(file)) {
            throw new BackupError('Die Anfrage nennt keinen absoluten Dateipfad.');
          }
          const summary = await writeBackup(database, file, { secret });
          log.info({ file, rows: summary.rows }, 'backup written');
          result = { ok: true, summary };
        } catch (error) {
          rmSync(request, { force: true });
          log.error({ err: error }, 'backup failed');
          result = { ok: false, message: error instanceof Error ? error.message : String(error) };
        }
        const partial = `${files.result(id)}.partial`;
        writeFileSync(partial, JSON.stringify(result), { mode: PRIVATE });
        renameSync(partial, files.result(id));
      }
    })().finally(() => {
      busy = false;
    });
  }, POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    try {
      if (readFileSync(files.service, 'utf8') === String(process.pid)) rmSync(files.service);
    } catch {
      // Already gone.
    }
  };
}

/** Whether the process `pid` (the lock's holder) takes backup requests. */
export function servesBackups(dataDir: string, pid: number): boolean {
  try {
    return Number(readFileSync(backupFiles(dataDir).service, 'utf8').trim()) === pid;
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Command side: asks the server `pid` for a backup into `file` and waits for its answer. */
export async function requestBackup(
  dataDir: string,
  pid: number,
  file: string,
  timeoutMs = 30 * 60_000,
): Promise<BackupSummary> {
  const files = backupFiles(dataDir);
  const id = randomBytes(8).toString('hex');
  const request = files.request(id);
  // Written whole, then renamed: the server never reads half a request.
  writeFileSync(`${request}.partial`, JSON.stringify({ file: path.resolve(file) }), {
    mode: PRIVATE,
  });
  renameSync(`${request}.partial`, request);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (existsSync(files.result(id))) {
        const result = JSON.parse(readFileSync(files.result(id), 'utf8')) as BackupResult;
        rmSync(files.result(id), { force: true });
        if (!result.ok) throw new BackupError(result.message);
        return result.summary;
      }
      if (!isRunning(pid)) {
        throw new BackupError(
          `Der Server (PID ${pid}) hat sich beendet, bevor die Sicherung fertig war.`,
        );
      }
      if (Date.now() > deadline) {
        throw new BackupError(
          `Der Server (PID ${pid}) hat nach ${Math.round(timeoutMs / 60_000)} Minuten nicht geantwortet.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    rmSync(request, { force: true });
  }
}
