import { ConfigError, loadConfig } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';
import { StartupError, startServer } from './server';

/** Shut down within this time even if a request hangs. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const { app } = server;

  const mode = config.databaseUrl ? 'PostgreSQL' : `eingebettete Datenbank (${config.dataDir})`;
  const lines = [
    '',
    `Trinkgeld läuft auf ${config.publicOrigin} (${mode}, Zahlungsanbieter: ${config.paymentProvider})`,
  ];
  if (server.seeded) {
    lines.push(`Demo-Daten angelegt: ${server.seeded.tipCount} Trinkgelder, 10 Bezahlpunkte.`);
  }
  if (server.seeded || !config.databaseUrl) {
    lines.push(`Demo-Zugänge (Passwort für alle: ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) lines.push(`  ${login.email.padEnd(22)} ${login.role}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

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
