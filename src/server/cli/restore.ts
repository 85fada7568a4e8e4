import { runRestore } from './backup-command';

// `npm run restore -- <file>` (decision 0403).
runRestore({
  argv: process.argv.slice(2),
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `restore fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
