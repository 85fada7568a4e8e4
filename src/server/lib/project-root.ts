import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder of package.json. The server runs from its sources (tests, `tsx`) and from the
 * bundle `npm start` builds (dist/server, decision 0284): files it reads at run time (the built
 * web app, the migrations) are found from here, not from the running module's own folder.
 */
export function projectRoot(from: string = import.meta.dirname): string {
  let folder = from;
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${from}`);
    folder = parent;
  }
  return folder;
}
