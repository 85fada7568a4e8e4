import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Permission bits for the file's group and everyone else. */
const SHARED_BITS = 0o077;

/**
 * Makes `dir` (and any missing parent) readable only by this process's user, or takes the group
 * and other bits off an existing one (decision 0436). Returns the mode it had when that was
 * wider, so the caller can say so.
 */
export function restrictDirectory(dir: string): number | undefined {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = lstatSync(dir).mode & 0o777;
  if ((mode & SHARED_BITS) === 0) return undefined;
  chmodSync(dir, mode & ~SHARED_BITS);
  return mode;
}

/**
 * Takes the group and other bits off `dir` and everything under it. PGlite copies the files of
 * a new database into place with mode 0666 whatever the process's umask (write-ahead log
 * included), and an older version left existing directories that way.
 */
export function restrictTree(dir: string): void {
  restrictDirectory(dir);
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    const stats = lstatSync(file, { throwIfNoEntry: false });
    // Gone meanwhile, or a link (chmod would change what it points to).
    if (!stats || stats.isSymbolicLink()) continue;
    if ((stats.mode & SHARED_BITS) !== 0) chmodSync(file, stats.mode & 0o777 & ~SHARED_BITS);
  }
}

/** Octal as `ls -l` users read it: 0755. */
export const octalMode = (mode: number) => `0${(mode & 0o777).toString(8)}`;
