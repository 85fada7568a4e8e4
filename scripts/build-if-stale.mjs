// `npm start` runs this first: it builds the web app only when a source is newer than the last
// build (dist/web/index.html), so a start with a current build takes no build time (issue 16).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtMarker = path.join(root, 'dist/web/index.html');
const inputs = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'tailwind.config.js',
  'tailwind.guest.config.js',
  'postcss.config.js',
  'package-lock.json',
  'scripts/pwa-icons.ts',
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

export function buildIsCurrent() {
  if (!existsSync(builtMarker)) return false;
  const built = statSync(builtMarker).mtimeMs;
  return inputs.every((input) => newestChange(path.join(root, input)) <= built);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (buildIsCurrent() && !process.argv.includes('--force')) {
    process.stdout.write('Web-App ist aktuell (dist/web), kein Build nötig.\n');
  } else {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { stdio: 'inherit', cwd: root },
    );
    process.exit(result.status ?? 1);
  }
}
