import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

/**
 * PGlite keeps no lock of its own: two processes on one data directory (a running server and
 * `npm run admin:create`, say) would each write over the other's pages. A lock file beside the
 * directory, naming the process that holds it, refuses the second one in German. A file left by
 * a process that no longer runs (killed) is taken over.
 */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Die eingebettete Datenbank wird gerade von einem anderen Prozess benutzt (PID ${pid}). ` +
        `Beenden Sie zuerst den Server (oder den anderen Befehl) und versuchen Sie es erneut; ` +
        `läuft keiner mehr, löschen Sie ${lockFile}.`,
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

/** Whether process `pid` still runs (under any user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock for `dataDir` or throws EmbeddedDatabaseBusyError; returns its release. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // Beside the database, in DATA_DIR: the server's user's alone (decision 0436).
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      throw new EmbeddedDatabaseBusyError(lockFile, holder);
    }
    rmSync(lockFile, { force: true });
  }
  throw new EmbeddedDatabaseBusyError(lockFile, 0);
}
