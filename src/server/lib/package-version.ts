import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-root';

/**
 * The version in package.json: the release an operator runs, named in the start line and on
 * /admin/system (the bundle finds package.json the same way as the sources do).
 */
export function packageVersion(): string {
  try {
    const text = readFileSync(path.join(projectRoot(), 'package.json'), 'utf8');
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' && version !== '' ? version : 'unbekannt';
  } catch {
    return 'unbekannt';
  }
}
