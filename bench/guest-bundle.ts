import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** The guest page's first view may load at most this much JavaScript, gzipped. */
export const GUEST_JS_BUDGET_BYTES = 60_000;

export interface BundleFile {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface GuestBundle {
  files: BundleFile[];
  gzipBytes: number;
  brotliBytes: number;
  ratio: number;
}

/** Static imports of a built chunk ("./react-x.js"); dynamic import() calls are not followed. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g,
  )) {
    found.add(match[1]!);
  }
  for (const match of code.matchAll(
    /(?:^|[;}\s])export\s*[\w*{}\s,$]*from\s*["'`](\.\/[^"'`]+\.js)["'`]/g,
  )) {
    found.add(match[1]!);
  }
  return [...found];
}

/** Raw, gzip and brotli size of one built file, as the server sends it. */
export function compressedSizes(webDir: string, urlPath: string): BundleFile {
  const full = path.join(webDir, urlPath);
  const content = readFileSync(full);
  const gz = existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`)
    : gzipSync(content, { level: 9 });
  const br = existsSync(`${full}.br`)
    ? readFileSync(`${full}.br`)
    : brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  return { file: urlPath, rawBytes: content.length, gzipBytes: gz.length, brotliBytes: br.length };
}

/**
 * Everything guest.html makes the browser load before the tip page can show: its module script,
 * the modules it preloads and every module those import statically, compressed as the server
 * sends them (the build's pre-compressed .gz and .br files).
 */
export function measureGuestBundle(webDir: string): GuestBundle {
  const html = readFileSync(path.join(webDir, 'guest.html'), 'utf8');
  const queue = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(webDir, url), 'utf8');
    for (const relative of staticImports(code)) {
      queue.push(path.posix.join(path.posix.dirname(url), relative));
    }
  }
  const files = [...seen]
    .map((url) => compressedSizes(webDir, url))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const brotliBytes = files.reduce((sum, file) => sum + file.brotliBytes, 0);
  return { files, gzipBytes, brotliBytes, ratio: gzipBytes / GUEST_JS_BUDGET_BYTES };
}
