// Bundles the server's own sources (src/server, and the shared and web modules it renders with)
// into dist/server, so `npm start` runs plain JavaScript instead of compiling every TypeScript
// module through tsx on each start (decision 0284). Packages stay imports of node_modules.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(root, 'src/server/main.ts');

/** Builds the bundle into `outdir` (default dist/server); returns the path of its entry. */
export async function buildServer(outdir = path.join(root, 'dist/server')) {
  await build({
    entryPoints: { main: SERVER_ENTRY },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Modules loaded on demand stay separate chunks (the PDF sheet, the seed, the guest texts).
    splitting: true,
    outExtension: { '.js': '.mjs' },
    // The browser loads the branding fonts' stylesheets; the server never imports them.
    external: ['*.css'],
    sourcemap: true,
    logLevel: 'warning',
  });
  return path.join(outdir, 'main.mjs');
}

// `node scripts/build-server.mjs [outdir]`
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
