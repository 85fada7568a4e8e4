/** What a command needs from the process: its arguments and where to write. */
export interface CliIo {
  argv: string[];
  out(text: string): void;
  err(text: string): void;
}

/**
 * Runs one npm-script command with the process's arguments and streams, and exits with its code.
 * An unexpected error is one German line naming the command, never a stack trace for operators.
 */
export function runCli(name: string, command: (io: CliIo) => Promise<number>): void {
  command({
    argv: process.argv.slice(2),
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `${name} fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
