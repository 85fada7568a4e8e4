import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../bench/support/port';
import { createWalletTestKeys } from '../../test/support/wallet-certificates';
import { type FreshDatabase, freshPostgresDatabase } from '../../test/support/fresh-database';
import { openDatabase } from './db/connect';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const dataDirs: string[] = [];
const bundleDirs: string[] = [];
const databases: FreshDatabase[] = [];

afterAll(async () => {
  for (const dir of [...dataDirs, ...bundleDirs]) rmSync(dir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
  // Dropping a database a server just left can wait for its last connections.
}, 60_000);

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>, entry: string[] = ['--import', 'tsx', MAIN]): Run {
  let output = '';
  const child = spawn(process.execPath, entry, {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(runItem: Run, text: string, timeout = 60_000): Promise<void> {
  let ended = false;
  void runItem.exited.then(() => (ended = true));
  await vi.waitFor(
    () => {
      if (runItem.output().includes(text)) return;
      // A process that ended without the text ends the wait at once (vi.waitFor retries only
      // what throws, so the exit is returned and reported below).
      if (ended || runItem.child.exitCode !== null) return;
      throw new Error(`timed out: ${runItem.output()}`);
    },
    { timeout, interval: 100 },
  );
  if (!runItem.output().includes(text)) throw new Error(`exited early: ${runItem.output()}`);
}

// Each test starts a real Node process that loads the server through tsx: seconds on a busy
// machine, so these tests get room; they assert behaviour, never speed.
describe('npm start (src/server/main.ts)', { timeout: 60_000 }, () => {
  it('stops with one line naming a bad PORT', async () => {
    const bad = run({ PORT: 'achtzig' });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Ungültige Konfiguration: PORT /);
  });

  it('stops in production without SMTP_URL, with one German line naming it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-main-nomail-'));
    dataDirs.push(dataDir);
    const bad = run({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      // Never reached: the configuration stops the start first.
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      SESSION_SECRET: 'production-secret-that-is-long-enough-0123456789',
    });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Ungültige Konfiguration: SMTP_URL fehlt: In der Produktion/);
    expect(lines[0]).toContain('MAIL_TRANSPORT=log');
  });

  it('stops in production without DATABASE_URL, with one German line saying why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-main-nodb-'));
    dataDirs.push(dataDir);
    const bad = run({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'production-secret-that-is-long-enough-0123456789',
      MAIL_TRANSPORT: 'log',
    });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim().split('\n')).toEqual([
      'Ungültige Konfiguration: DATABASE_URL fehlt: In der Produktion läuft Trinkgeld auf PostgreSQL (DATABASE_URL=postgres://…); die eingebettete Datenbank ist für Demo, Entwicklung und Tests',
    ]);
  });

  it('stops with one line naming a malformed DATABASE_URL', async () => {
    const bad = run({ DATABASE_URL: 'mysql://db/x' });
    expect(await bad.exited).toBe(1);
    expect(bad.output().trim().split('\n')).toHaveLength(1);
    expect(bad.output()).toContain('DATABASE_URL');
  });

  it(
    "stops with one German line when the wallet key is not the certificate's",
    { timeout: 150_000 },
    async () => {
      // A key of another pair opens, but iPhones refuse what it signs.
      const keys = createWalletTestKeys();
      dataDirs.push(keys.dir);
      const otherKeyPath = path.join(keys.dir, 'other-pair.key');
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      writeFileSync(otherKeyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }));
      const dataDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-main-wallet-'));
      dataDirs.push(dataDir);
      const bad = run({
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        // Development on the embedded database (production needs PostgreSQL, decision 0523).
        APPLE_WALLET_PASS_TYPE_ID: 'pass.test.trinkgeld',
        APPLE_WALLET_TEAM_ID: 'ABCDE12345',
        APPLE_WALLET_CERT: keys.certPath,
        APPLE_WALLET_KEY: otherKeyPath,
        APPLE_WALLET_WWDR: keys.caPath,
      });
      // A start that goes through is stopped again, so the test fails rather than waits.
      const outcome = await Promise.race([
        bad.exited,
        waitFor(bad, 'Trinkgeld läuft', 140_000).then(() => 'started' as const),
      ]);
      if (outcome === 'started') {
        bad.child.kill('SIGTERM');
        await bad.exited;
      }
      expect(outcome).toBe(1);
      const lines = bad.output().trim().split('\n');
      expect(lines).toEqual([
        `APPLE_WALLET_KEY: ${otherKeyPath} gehört nicht zum Zertifikat in APPLE_WALLET_CERT (${keys.certPath})`,
      ]);
    },
  );

  it('stops with one line naming an unreachable DATABASE_URL', async () => {
    const port = await freePort();
    const bad = run({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none` });
    expect(await bad.exited).toBe(1);
    const lines = bad.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL: Datenbank nicht erreichbar/);
  });

  it(
    'seeds an empty embedded database, keeps the data over a restart and shuts down gracefully',
    {
      timeout: 120_000,
    },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-main-'));
      dataDirs.push(dataDir);
      const port = String(await freePort());
      const env = { PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir };

      const first = run(env);
      await waitFor(first, 'Demo-Zugänge');
      expect(first.output()).toContain('Demo-Daten angelegt');
      expect(first.output()).toContain('anna@demo.local');
      expect(first.output()).toContain('WARNUNG: Demo-Zugänge mit öffentlichem Passwort');
      // The start line names what runs; warnings are for production only.
      expect(first.output()).toMatch(/\(Version \d+\.\d+\.\d+, eingebettete Datenbank \(/);
      expect(first.output()).toContain('Zusatzfunktionen: Registrierung (/registrieren)');
      expect(first.output()).not.toContain('WARNUNG: Zahlungsanbieter demo');
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = run(env);
      await waitFor(second, 'Demo-Zugänge');
      expect(second.output()).not.toContain('Demo-Daten angelegt');
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);

      const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      const rows = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses');
      await database.close();
      expect(rows[0]!.n).toBe(2);
    },
  );

  // Production runs on PostgreSQL only (decision 0523): without TEST_DATABASE_URL there is none.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses demo data in production unless SEED_DEMO=1 (on PostgreSQL, TEST_DATABASE_URL)',
    { timeout: 150_000 },
    async () => {
      const database = (await freshPostgresDatabase('main-production'))!;
      databases.push(database);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-main-prod-'));
      dataDirs.push(dataDir);
      const port = String(await freePort());
      const env = {
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...database.env,
        NODE_ENV: 'production',
        SESSION_SECRET: 'production-secret-that-is-long-enough-0123456789',
        // No mail server here: mails are only logged, redacted.
        MAIL_TRANSPORT: 'log',
      };

      const production = run(env);
      await waitFor(production, 'Trinkgeld läuft', 110_000);
      await waitFor(production, '\n\n');
      // The start says what runs and warns about what is not ready for guests.
      const { version } = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
      ) as { version: string };
      expect(production.output()).toContain(`(Version ${version}, PostgreSQL 127.0.0.1`);
      expect(production.output()).not.toMatch(/postgres:\/\//);
      expect(production.output()).toContain('Zahlungsanbieter: demo)');
      expect(production.output()).toContain('Zusatzfunktionen: keine');
      expect(production.output()).toContain('WARNUNG: Zahlungsanbieter demo: Gäste zahlen nicht');
      expect(production.output()).toContain('WARNUNG: PUBLIC_ORIGIN beginnt mit http://');
      expect(production.output()).toContain(
        'WARNUNG: Impressum und Datenschutz zeigen Platzhalter',
      );
      expect(production.output()).not.toContain('Demo-Daten angelegt');
      expect(production.output()).not.toContain('admin@demo.local');
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        body: JSON.stringify({ email: 'admin@demo.local', password: 'demo1234' }),
      });
      expect(signIn.status).toBe(401);
      production.child.kill('SIGTERM');
      expect(await production.exited).toBe(0);
    },
  );

  it(
    'runs from the bundle npm start builds: migrates, seeds, renders a tip page',
    { timeout: 150_000 },
    async () => {
      // Inside the project, as dist/server is: the bundle finds its files from package.json.
      const bundle = path.resolve(import.meta.dirname, `../../dist/server-test-${process.pid}`);
      bundleDirs.push(bundle);
      const built = spawnSync(
        process.execPath,
        [path.resolve(import.meta.dirname, '../../scripts/build-server.mjs'), bundle],
        { encoding: 'utf8' },
      );
      expect(built.status, built.stderr).toBe(0);
      // Production installs only `dependencies` (decision 0525): the bundle imports no other package.
      const { dependencies } = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
      ) as { dependencies: Record<string, string> };
      const imported = new Set(
        readdirSync(bundle)
          .filter((file) => file.endsWith('.mjs'))
          .flatMap((file) => [
            ...readFileSync(path.join(bundle, file), 'utf8').matchAll(
              /(?:\bfrom ?|\bimport ?\(?)"([^"\n]+)"/g,
            ),
          ])
          .map(([, specifier]) => specifier!)
          // Package names only: relative chunks, node: built-ins and look-alikes in strings go.
          .filter((specifier) =>
            /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w.@-]+)*$/.test(specifier),
          )
          .map((specifier) =>
            specifier
              .split('/')
              .slice(0, specifier.startsWith('@') ? 2 : 1)
              .join('/'),
          ),
      );
      expect(imported.size).toBeGreaterThan(10);
      expect([...imported].filter((name) => !(name in dependencies))).toEqual([]);
      // The commands are bundled with it (decision 0525): each loads and answers a bare call.
      for (const [command, usage] of [
        ['admin-create', 'Aufruf: npm run admin:create -- --email'],
        ['reset-two-factor', 'Aufruf: npm run admin:reset-two-factor'],
        ['backup', 'Aufruf: npm run backup -- <Datei>'],
        ['restore', 'Aufruf: npm run restore'],
      ]) {
        const bare = spawnSync(process.execPath, [path.join(bundle, `${command}.mjs`)], {
          encoding: 'utf8',
        });
        expect(bare.status, bare.stderr).toBe(2);
        expect(bare.stderr).toContain(usage);
      }
      const dataDir = mkdtempSync(path.join(tmpdir(), 'trinkgeld-main-bundle-'));
      dataDirs.push(dataDir);
      const port = String(await freePort());

      const bundled = run({ PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir }, [
        path.join(bundle, 'main.mjs'),
      ]);
      await waitFor(bundled, 'Demo-Zugänge', 110_000);
      expect(bundled.output()).toContain('Demo-Daten angelegt');
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/t/aio-anna-schneider-4k7p`, {
        headers: { 'accept-language': 'de-DE' },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Anna');
      bundled.child.kill('SIGTERM');
      expect(await bundled.exited).toBe(0);
    },
  );
});
