// Bundles the server's own sources (src/server, and the shared and web modules it renders with)
// into dist/server: the server (main.mjs) and the command-line tools, so production runs plain
// JavaScript from production dependencies only and never compiles TypeScript (decisions 0284,
// 0525). Packages stay imports of node_modules.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(root, 'src/server/main.ts');

/** The bundle's entry points: dist/server/<name>.mjs ← source (scripts/run-built.mjs runs them). */
export const ENTRIES = {
  main: SERVER_ENTRY,
  'admin-create': path.join(root, 'src/server/cli/admin-create.ts'),
  'reset-two-factor': path.join(root, 'src/server/cli/reset-two-factor.ts'),
  backup: path.join(root, 'src/server/cli/backup.ts'),
  restore: path.join(root, 'src/server/cli/restore.ts'),
  seed: path.join(root, 'src/server/seed/seed-cli.ts'),
};

/** Builds the bundle into `outdir` (default dist/server); returns the path of the server entry. */
export async function buildServer(outdir = path.join(root, 'dist/server')) {
  const result = await build({
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Shared modules and those loaded on demand (the PDF sheet, the seed, the guest texts) are
    // chunks of their own, so the server and the commands share one copy of each.
    splitting: true,
    outExtension: { '.js': '.mjs' },
    // The browser loads the branding fonts' stylesheets; the server never imports them.
    external: ['*.css'],
    sourcemap: true,
    logLevel: 'warning',
  });
  // esbuild prints a warning and builds anyway; like the web build's, a warning fails ours.
  if (result.warnings.length > 0) {
    throw new Error(`The server build has ${result.warnings.length} warning(s), printed above.`);
  }
  return path.join(outdir, 'main.mjs');
}

// `node scripts/build-server.mjs [outdir]`
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
