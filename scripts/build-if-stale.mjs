// Outside production, `npm start` and the commands (scripts/run-built.mjs) run this first: it
// builds the web app and the server bundle only when one of their sources is newer than the last
// build, so the quick start `npm ci && npm start` works on a fresh clone and a start with current
// builds takes no build time (decision 0284). Production never builds: the build output comes
// from `npm run build` before the production install (decision 0525), so the build tools are
// loaded here only when a build runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export const TARGETS = {
  web: {
    label: 'Web-App',
    folder: 'dist/web',
    markers: ['dist/web/index.html'],
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
  server: {
    label: 'Server',
    folder: 'dist/server',
    // The server and every command: a bundle from before the commands were bundled is stale.
    markers: ['main', 'admin-create', 'reset-two-factor', 'backup', 'restore', 'seed'].map(
      (entry) => `dist/server/${entry}.mjs`,
    ),
    // The server renders the guest pages with the web app's components.
    inputs: [
      'src/server',
      'src/shared',
      'src/web',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.base.json',
      'scripts/build-server.mjs',
    ],
    build: async () => {
      const { buildServer } = await import('./build-server.mjs');
      await buildServer();
    },
  },
};

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
  const markers = target.markers.map((marker) => path.join(root, marker));
  if (!markers.every((marker) => existsSync(marker))) return false;
  const built = Math.min(...markers.map((marker) => statSync(marker).mtimeMs));
  return target.inputs.every((input) => newestChange(path.join(root, input)) <= built);
}

/** Builds each named target ('web', 'server') whose build is missing or older than a source. */
export async function buildIfStale(
  names = ['web', 'server'],
  { force = false, quiet = false } = {},
) {
  for (const name of names) {
    const target = TARGETS[name];
    if (!force && isCurrent(target)) {
      if (!quiet) {
        process.stdout.write(`${target.label} ist aktuell (${target.folder}), kein Build nötig.\n`);
      }
    } else {
      if (quiet) process.stderr.write(`${target.label} wird gebaut (${target.folder}) …\n`);
      await target.build();
    }
  }
}

// `node scripts/build-if-stale.mjs [--force]`
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildIfStale(undefined, { force: process.argv.includes('--force') });
}
