import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

/** The lines of a backup file, decompressed: the header first, the end line last. */
export function backupLines(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
}

/**
 * How the end line of the written file is made:
 * - `as-is`: the lines are written as given (someone edits a file and leaves its end line);
 * - `checksum`: the checksum is computed again, the signature made with a key nobody has
 *   (someone who knows the format but not the server's secret);
 * - a secret: checksum and signature as the server makes them with that secret (decision 0435).
 */
export type EndLine = 'as-is' | 'checksum' | { secret: string };

/** The format's signature of a checksum (decision 0435), computed here independently. */
function signatureOf(secret: string | Buffer, sha256: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'trinkgeld', 'backup-signature:v1', 32));
  return createHmac('sha256', key).update(sha256).digest('hex');
}

/** A header as it is in the file (the restore checks it; a test may write anything). */
type HeaderJson = {
  version: number;
  migrations: { name: string; checksum: string }[];
  tables: { name: string; columns: { name: string; type: string }[] }[];
};

/** A change of the header line for `rewriteBackup`: `edit` changes the parsed header in place. */
export const editHeader =
  (edit: (header: HeaderJson) => void) =>
  (lines: string[]): void => {
    const header = JSON.parse(lines[0]!) as HeaderJson;
    edit(header);
    lines[0] = JSON.stringify(header);
  };

/** Copies the backup `source` to `target` with `change` applied to its lines. */
export function rewriteBackup(
  source: string,
  target: string,
  change: (lines: string[]) => void,
  endLine: EndLine,
): string {
  const lines = backupLines(source);
  change(lines);
  return writeBackupLines(target, lines, endLine);
}

/** Writes `lines` (header first, end line last) as a gzipped backup file. */
export function writeBackupLines(target: string, lines: readonly string[], endLine: EndLine) {
  const body = lines
    .slice(0, -1)
    .map((line) => `${line}\n`)
    .join('');
  let end = lines.at(-1)!;
  if (endLine !== 'as-is') {
    const sha256 = createHash('sha256').update(body).digest('hex');
    const secret = endLine === 'checksum' ? randomBytes(32) : endLine.secret;
    end = JSON.stringify({ ...JSON.parse(end), sha256, signature: signatureOf(secret, sha256) });
  }
  writeFileSync(target, gzipSync(`${body}${end}\n`));
  return target;
}
