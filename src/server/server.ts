import { openOptionsOf } from './db/options';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, type BuildAppOptions, buildApp } from './app';
import { type Config, withoutPasswords } from './config';
import { type Database, openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { DEMO_LOGINS, isDatabaseEmpty, type SeedSummary, seedDemoData } from './seed/seed';
import { existingDemoLogins, shouldSeedDemo } from './seed/seed-policy';
import { createMailer } from './features/mail/mailer';
import { newInstanceIdentity, startInstanceHeartbeat } from './features/system-status/heartbeat';
import { createAppMetrics } from './features/metrics/registry';
import { startAuthCleanup } from './jobs/auth-cleanup';
import { startJobs } from './jobs';
import { JobRuns } from './lib/job-runs';
import { startRetention } from './jobs/retention';
import { type Clock, systemClock } from './lib/clock';
import { octalMode, restrictDirectory } from './lib/private-files';
import { StartupError } from './startup-error';

export interface StartOptions extends BuildAppOptions {
  clock?: Clock;
  /** Use this database instead of opening one from the config (tests pass a prepared one). */
  database?: Database;
  /** Seed when the database is empty (default: see shouldSeedDemo, never in production without SEED_DEMO=1). */
  seed?: boolean;
  /** Print mails in console mode here instead of stdout. */
  printMail?: (text: string) => void;
  /**
   * Benchmarks only: adds routes before the server listens (the bare hello route that every
   * throughput figure is compared with). Production and tests never pass it.
   */
  beforeListen?: (app: FastifyInstance) => void;
}

export interface RunningServer {
  app: FastifyInstance;
  deps: AppDeps;
  url: string;
  seeded: SeedSummary | undefined;
  /** Demo accounts (public password) present in the database; main.ts warns about them. */
  demoLogins: string[];
  close(): Promise<void>;
}

export { StartupError };

/** config -> database -> migrate -> seed -> app -> listen. Used by main.ts and by browser tests. */
export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  let database = options.database;
  // The embedded database and its lock live in DATA_DIR: for the server's
  // user alone (decision 0436). An older install left it open; it is said below, once logging runs.
  const widenedDataDir =
    !database && !config.databaseUrl ? restrictDirectory(config.dataDir) : undefined;
  if (!database) {
    try {
      database = await openDatabase(openOptionsOf(config));
      await database.ping();
    } catch (error) {
      await database?.close().catch(() => {});
      // A driver's message could quote the connection string: never with its password.
      const reason = withoutPasswords(error instanceof Error ? error.message : String(error));
      throw new StartupError(
        config.databaseUrl
          ? `DATABASE_URL: Datenbank nicht erreichbar (${reason.split('\n')[0]})`
          : `DATA_DIR: eingebettete Datenbank unter ${config.dataDir} lässt sich nicht öffnen (${reason.split('\n')[0]})`,
      );
    }
  }

  await migrate(database);
  const shouldSeed = options.seed ?? shouldSeedDemo(config);
  let seeded: SeedSummary | undefined;
  if (shouldSeed && (await isDatabaseEmpty(database))) {
    seeded = await seedDemoData(database, clock);
  }
  const demoLogins = await existingDemoLogins(
    database,
    DEMO_LOGINS.map((login) => login.email),
  );

  const mailer = createMailer({
    database,
    clock,
    smtpUrl: config.smtpUrl,
    transport: config.mailTransport,
    from: config.mailFrom,
    ...(options.printMail ? { print: options.printMail } : {}),
  });
  const identity = newInstanceIdentity(clock);
  const deps: AppDeps = {
    config,
    database,
    clock,
    mailer,
    jobRuns: new JobRuns(clock),
    instanceId: identity.instanceId,
    // Made here, not in buildApp, so the jobs below count into the app's registry.
    metrics: createAppMetrics(),
  };
  const app = await buildApp(deps, options);
  if (widenedDataDir !== undefined) {
    app.log.warn(
      { dataDir: config.dataDir, mode: octalMode(widenedDataDir) },
      `DATA_DIR ${config.dataDir} war für andere Benutzer zugänglich (${octalMode(widenedDataDir)}); ` +
        `auf ${octalMode(widenedDataDir & 0o700)} eingeschränkt: nur der Benutzer des Servers liest und schreibt dort.`,
    );
  }
  const stopAuthCleanup = startAuthCleanup(database, clock, app.log, deps.jobRuns);
  const stopRetention = startRetention(database, clock, config.retention, app.log, deps.jobRuns);
  const ownsDatabase = !options.database;
  let closed = false;

  options.beforeListen?.(app);
  await app.listen({ port: config.port, host: config.host });
  // The instance reports in PostgreSQL for the status view (decision 0404); its first heartbeat
  // is written before startServer returns, so the view lists it at once.
  const heartbeat = startInstanceHeartbeat({ ...deps, log: app.log }, identity);
  const jobs = startJobs(deps, app.log, {
    onReconciled: (result) => heartbeat.recordReconciliation(result),
  });
  await heartbeat.ready;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  return {
    app,
    deps,
    url: `http://127.0.0.1:${port}`,
    seeded,
    demoLogins,
    async close() {
      if (closed) return;
      closed = true;
      stopAuthCleanup();
      stopRetention();
      await jobs.stop();
      // After the jobs, so their last runs are in the final row.
      await heartbeat.stop();
      await app.close();
      mailer.close();
      if (ownsDatabase) await database.close();
    },
  };
}
