import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/support/database';
import { openDatabase } from './connect';

/**
 * The embedded database's files belong to the server's user alone (decision 0436):
 * PGlite writes most of them 0666, the write-ahead log included.
 */
const folder = mkdtempSync(path.join(tmpdir(), 'trinkgeld-embedded-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every file and folder under `dir` (itself included) that its group or others may use. */
function shared(dir: string): string[] {
  return ['', ...readdirSync(dir, { recursive: true, encoding: 'utf8' })]
    .map((name) => ({ name, mode: lstatSync(path.join(dir, name)).mode & 0o777 }))
    .filter(({ mode }) => (mode & 0o077) !== 0)
    .map(({ name, mode }) => `${mode.toString(8)} ${name}`);
}

describe.skipIf(testEngine() !== 'pglite')('the embedded database on disk', () => {
  it(
    'keeps DATA_DIR 0700 and no file under it open to group or others',
    { timeout: 180_000 },
    async () => {
      // A DATA_DIR that does not exist yet, as on a first start.
      const dataDir = path.join(folder, 'data');
      const pglite = path.join(dataDir, 'pglite');
      const database = await openDatabase({ dataDir: pglite });
      try {
        expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
        expect(shared(dataDir)).toEqual([]);
        await database.exec('CREATE TABLE written (n int); INSERT INTO written VALUES (1)');
      } finally {
        await database.close();
      }
      expect(shared(dataDir)).toEqual([]);

      // As an older version left them: opened again, they are tightened.
      for (const name of ['', 'PG_VERSION', 'pg_wal']) chmodSync(path.join(pglite, name), 0o777);
      const again = await openDatabase({ dataDir: pglite });
      try {
        expect(shared(dataDir)).toEqual([]);
      } finally {
        await again.close();
      }
    },
  );
});
