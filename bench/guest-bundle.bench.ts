import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { GUEST_JS_BUDGET_BYTES, measureGuestBundle } from './guest-bundle';

const WEB_DIR = path.resolve(import.meta.dirname, '../dist/web');

/**
 * The JavaScript the first view of /t/{uid} loads, gzipped and brotli-compressed, against the
 * 60 KB budget. Builds the web app first when dist/web is missing.
 */
export async function run(): Promise<void> {
  if (!existsSync(path.join(WEB_DIR, 'guest.html'))) {
    const build = spawnSync(
      process.execPath,
      [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const bundle = measureGuestBundle(WEB_DIR);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  for (const file of bundle.files) {
    process.stdout.write(
      `${file.file.padEnd(44)} ${kb(file.rawBytes).padStart(9)} raw ${kb(file.gzipBytes).padStart(9)} gzip ${kb(file.brotliBytes).padStart(9)} br\n`,
    );
  }
  process.stdout.write(
    `guest first view: ${kb(bundle.gzipBytes)} gzip (${kb(bundle.brotliBytes)} brotli) of ${kb(GUEST_JS_BUDGET_BYTES)} budget  ratio ${bundle.ratio.toFixed(3)}\n`,
  );
}
