import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones) in turn. Each
 * benchmark prints what it measured and the ratios between the variants it ran in this one run.
 */
const only = process.argv.slice(2);
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

for (const file of files) {
  process.stdout.write(`\n## ${file}\n`);
  const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
    run: () => Promise<void>;
  };
  await module.run();
}
