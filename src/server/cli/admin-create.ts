import { runAdminCreate } from './admin-create-command';

// `npm run admin:create -- --email <address> [--name "<full name>"]` (decision 0310).
runAdminCreate({
  argv: process.argv.slice(2),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `admin:create fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
