import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const PROMISE_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/await-thenable',
];

const FLOATING = `async function save(): Promise<void> {}
export function run(): void {
  save();
}
`;

/** Where each rule must fire, in every kind of code `eslint .` checks with types. */
const SAMPLES: Record<string, string> = {
  'src/server/features/teams/floating-sample.ts': FLOATING,
  'src/web/features/admin/floating-sample.tsx': FLOATING,
  'src/shared/domain/floating-sample.ts': FLOATING,
  'test/support/floating-sample.ts': FLOATING,
  'scripts/floating-sample.ts': FLOATING,
  'src/server/jobs/void-callback-sample.ts': `declare function every(milliseconds: number, task: () => void): void;
every(1000, async () => {});
`,
  'src/server/jobs/condition-sample.ts': `declare const ready: Promise<boolean>;
export const answer = ready ? 'yes' : 'no';
`,
  'src/server/jobs/await-sample.ts':
    'export async function total(): Promise<number> {\n  return await 1;\n}\n',
  'src/server/jobs/fine-sample.ts': `async function save(): Promise<void> {}
export async function run(): Promise<void> {
  await save();
  save().catch(() => undefined);
  void save();
}
`,
};

/**
 * One program of the samples alone, so the test does not build the whole repository's program
 * (which `eslint .` does once, from tsconfig.json), and one ESLint with the project's config.
 */
function samplesProgram(): ts.Program {
  const files = new Map(
    Object.entries(SAMPLES).map(([file, code]) => [path.resolve(file), code] as const),
  );
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2023.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.getSourceFile = (name, language, ...rest) => {
    const code = files.get(name);
    if (code !== undefined) return ts.createSourceFile(name, code, language, true);
    return getSourceFile(name, language, ...rest);
  };
  return ts.createProgram([...files.keys()], options, host);
}

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: {
        parserOptions: { projectService: false, programs: [samplesProgram()] },
      },
    },
  });
}, 120_000);

/** The promise rules of eslint.config.js (decision 0585) that fire on one sample. */
async function promiseProblems(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(SAMPLES[filePath] ?? '', {
    filePath: path.resolve(filePath),
  });
  return (result?.messages ?? [])
    .filter((message) => PROMISE_RULES.includes(message.ruleId ?? ''))
    .map((message) => message.ruleId ?? '');
}

describe('the promise lint rules', { timeout: 120_000 }, () => {
  it('fail a promise nobody awaits, in server, web, shared, test and script code', async () => {
    for (const filePath of Object.keys(SAMPLES).filter((file) => file.includes('floating'))) {
      expect(await promiseProblems(filePath), filePath).toEqual([
        '@typescript-eslint/no-floating-promises',
      ]);
    }
  });

  it('fail an async function where a void callback is expected, and a promise as a condition', async () => {
    expect(await promiseProblems('src/server/jobs/void-callback-sample.ts')).toEqual([
      '@typescript-eslint/no-misused-promises',
    ]);
    expect(await promiseProblems('src/server/jobs/condition-sample.ts')).toEqual([
      '@typescript-eslint/no-misused-promises',
    ]);
  });

  it('fail awaiting a value that is not a promise', async () => {
    expect(await promiseProblems('src/server/jobs/await-sample.ts')).toEqual([
      '@typescript-eslint/await-thenable',
    ]);
  });

  it('pass a promise that is awaited, caught or let go on purpose with void', async () => {
    expect(await promiseProblems('src/server/jobs/fine-sample.ts')).toEqual([]);
  });
});
