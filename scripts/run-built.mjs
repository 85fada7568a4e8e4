// `npm start` and the commands (`npm run admin:create`, `backup`, …) run the build output:
// `node scripts/run-built.mjs <entry> [arguments]` runs dist/server/<entry>.mjs in this process.
// In production nothing is built or compiled: a missing build output is one German line saying
// how to make it, and no build tool is loaded (they are devDependencies, decision 0525).
// Elsewhere (development, the demo, the quick start on a fresh clone) it builds first what is
// missing or older than its sources (scripts/build-if-stale.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entry = process.argv[2] ?? '';
const ENTRIES = ['main', 'admin-create', 'reset-two-factor', 'backup', 'restore', 'seed'];
if (!ENTRIES.includes(entry)) {
  process.stderr.write(`Aufruf: node scripts/run-built.mjs <${ENTRIES.join('|')}> [Argumente]\n`);
  process.exit(2);
}
const file = path.join(root, 'dist/server', `${entry}.mjs`);
// The server also serves the web app; a command needs only the server bundle.
const needed = entry === 'main' ? [file, path.join(root, 'dist/web/index.html')] : [file];

if (process.env.NODE_ENV === 'production') {
  const missing = needed.filter((output) => !existsSync(output));
  if (missing.length > 0) {
    process.stderr.write(
      `Build fehlt: ${missing.map((output) => path.relative(root, output)).join(', ')}. ` +
        'In der Produktion baut Trinkgeld beim Start nichts: zuerst `npm ci && npm run build`, ' +
        'dann `npm prune --omit=dev` (docs/deployment.md).\n',
    );
    process.exit(1);
  }
} else {
  const { buildIfStale } = await import('./build-if-stale.mjs');
  // A command keeps its output to itself; the server start says what it checked.
  await buildIfStale(entry === 'main' ? ['web', 'server'] : ['server'], {
    quiet: entry !== 'main',
  });
}

// The entry reads its arguments from process.argv.slice(2), as when node runs it directly.
process.argv.splice(1, 2, file);
await import(pathToFileURL(file).href);
