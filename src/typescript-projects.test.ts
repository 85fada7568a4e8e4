import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['shared', 'web', 'server', 'browser'];

/** The files a project's include and exclude name (read from disk, no program built). */
function projectFiles(name: string): string[] {
  const file = path.join(root, `tsconfig.${name}.json`);
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, file).fileNames;
}

function typescriptFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((entry) => /\.(ts|tsx|mts)$/.test(entry))
    .map((entry) => path.join(root, folder, entry));
}

describe('the TypeScript projects (decision 0585)', () => {
  it('check every TypeScript file of the repository in exactly one project', () => {
    const owners = new Map<string, string[]>();
    for (const name of PROJECTS) {
      for (const file of projectFiles(name)) {
        owners.set(path.normalize(file), [...(owners.get(path.normalize(file)) ?? []), name]);
      }
    }
    const files = [
      ...['src', 'test', 'bench', 'scripts'].flatMap(typescriptFiles),
      ...readdirSync(root)
        .filter((entry) => /\.(ts|mts)$/.test(entry))
        .map((entry) => path.join(root, entry)),
    ];
    const unplaced = files
      .filter((file) => !owners.has(file))
      .map((file) => path.relative(root, file));
    expect(unplaced, 'add them to a tsconfig.<project>.json').toEqual([]);
    // A declaration file of ambient types may serve two projects; code is checked once.
    const twice = files
      .filter((file) => !file.endsWith('.d.ts') && (owners.get(file)?.length ?? 0) > 1)
      .map((file) => `${path.relative(root, file)}: ${owners.get(file)?.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
