// `npm start` runs this first: it builds the web app and the server bundle only when one of their
// sources is newer than the last build, so a start with current builds takes no build time
// (issue 16; the server bundle: decision 0284).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

const TARGETS = [
  {
    label: 'Web-App',
    folder: 'dist/web',
    marker: 'dist/web/index.html',
    inputs: [
      'src/web',
      'src/shared',
      'vite.config.ts',
      'tailwind.config.js',
      'tailwind.guest.config.js',
      'postcss.config.js',
      'package-lock.json',
      'scripts/pwa-icons.ts',
    ],
    build: () => {
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        { stdio: 'inherit', cwd: root },
      );
      if (result.status !== 0) process.exit(result.status ?? 1);
    },
  },
  {
    label: 'Server',
    folder: 'dist/server',
    marker: 'dist/server/main.mjs',
    // The server renders the guest pages with the web app's components.
    inputs: [
      'src/server',
      'src/shared',
      'src/web',
      'package-lock.json',
      'tsconfig.json',
      'scripts/build-server.mjs',
    ],
    build: () => buildServer(),
  },
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

function isCurrent(target) {
  const marker = path.join(root, target.marker);
  if (!existsSync(marker)) return false;
  const built = statSync(marker).mtimeMs;
  return target.inputs.every((input) => newestChange(path.join(root, input)) <= built);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const force = process.argv.includes('--force');
  for (const target of TARGETS) {
    if (!force && isCurrent(target)) {
      process.stdout.write(`${target.label} ist aktuell (${target.folder}), kein Build nötig.\n`);
    } else {
      await target.build();
    }
  }
}
