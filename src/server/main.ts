import { ConfigError, loadConfig } from './config';
import { packageVersion } from './lib/package-version';
import { startReport } from './start-report';
import { StartupError } from './startup-error';

/** Shut down within this time even if a request hangs. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // The server and its features load only after the configuration is valid, so a wrong value
  // stops the start at once, not after every module has been read.
  const [{ startServer }, { DEMO_LOGINS, DEMO_PASSWORD }] = await Promise.all([
    import('./server'),
    import('./seed/seed'),
  ]);
  const server = await startServer(config);
  const { app } = server;

  // What runs, said once: version, database, payments, origin, optional features (decision 0521).
  const report = startReport(config, packageVersion());
  const lines = ['', ...report.lines];
  if (server.seeded) {
    lines.push(
      `Demo-Daten angelegt: 2 Betriebe, ${server.seeded.tipCount} Trinkgelder, 13 Bezahlpunkte.`,
    );
  }
  if (server.demoLogins.length > 0) {
    lines.push(`Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) {
      if (server.demoLogins.includes(login.email)) {
        lines.push(`  ${login.email.padEnd(22)} ${login.role}`);
      }
    }
    lines.push(
      'WARNUNG: Demo-Zugänge mit öffentlichem Passwort sind aktiv. Nicht für echte Betriebe verwenden.',
    );
    if (config.nodeEnv === 'production') {
      app.log.warn({ demoLogins: server.demoLogins.length }, 'demo logins exist in production');
    }
  }
  lines.push(...report.warnings);
  process.stdout.write(`${lines.join('\n')}\n\n`);
  // The same warnings for a log collector, which may not keep the plain lines.
  if (report.warnings.length > 0) app.log.warn({ warnings: report.warnings }, 'start warnings');

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  // A bad setting or an unreachable database is one line naming the cause, not a stack trace.
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    process.stderr.write(`PORT: Port ist bereits belegt (${error.message})\n`);
  } else {
    process.stderr.write(
      `Start fehlgeschlagen: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
