import { runBackup } from './backup-command';

// `npm run backup -- <file>` (decision 0403).
runBackup({
  argv: process.argv.slice(2),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `backup fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
