import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's lint configuration for samples that exist only as text: without type information
 * (the samples are in no TypeScript program) and so without the rules that need it, which
 * promise-rules.test.ts checks on a program of its own.
 */
const withoutTypes: Linter.Config = {
  files: ['**/*.{ts,tsx,mts}'],
  languageOptions: { parserOptions: { projectService: false } },
  rules: {
    '@typescript-eslint/no-floating-promises': 'off',
    '@typescript-eslint/no-misused-promises': 'off',
    '@typescript-eslint/await-thenable': 'off',
  },
};

/** The boundary rule of eslint.config.js (decision 0365), run on files that cross a border. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ overrideConfig: withoutTypes });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the boundary lint rule', { timeout: 60_000 }, () => {
  it('fails a feature that imports app.ts and passes one that takes its own context', async () => {
    const crossing = await restrictedImports(
      'src/server/features/teams/crossing.ts',
      "import type { AppDeps } from '../../app';\nexport type X = AppDeps;\n",
    );
    expect(crossing).toHaveLength(1);
    expect(crossing[0]).toContain('Only entry points import app.ts');
    const fine = await restrictedImports(
      'src/server/features/teams/fine.ts',
      "import type { AuthDeps } from '../auth/context';\nexport type X = AuthDeps;\n",
    );
    expect(fine).toEqual([]);
  });

  it('fails http/ importing a feature and server code importing src/web outside rendering', async () => {
    expect(
      await restrictedImports(
        'src/server/http/crossing.ts',
        "import { hashToken } from '../features/auth/tokens';\nexport const x = hashToken;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/server/features/teams/crossing.ts',
        "import { GuestRoot } from '../../../web/features/guest/GuestRoot';\nexport const x = GuestRoot;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets the server into src/web through web/server-entry.ts only, even where it renders', async () => {
    expect(
      await restrictedImports(
        'src/server/features/guest-page/crossing.ts',
        "import { GuestRoot } from '../../../web/features/guest/GuestRoot';\nexport const x = GuestRoot;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'src/server/features/guest-page/fine.ts',
        "import { GuestRoot } from '../../../web/server-entry';\nexport const x = GuestRoot;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'src/server/http/crossing.ts',
        "import { GuestRoot } from '../../web/server-entry';\nexport const x = GuestRoot;\n",
      ),
    ).toHaveLength(1);
  });
});

/** The layer rule of eslint/feature-layers.js (decision 0550), run on samples that cross a layer. */
async function layerProblems(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ overrideConfig: withoutTypes });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'trinkgeld/feature-layers')
    .map((message) => message.message);
}

describe('the layer rule between features', { timeout: 60_000 }, () => {
  it('places every feature folder in exactly one layer', async () => {
    const layersFile = pathToFileURL(path.resolve('eslint/layers.js')).href;
    const { FEATURE_LAYERS } = (await import(layersFile)) as {
      FEATURE_LAYERS: { name: string; features: string[] }[];
    };
    const placed = FEATURE_LAYERS.flatMap((layer) => layer.features);
    const folders = readdirSync('src/server/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(FEATURE_LAYERS.map((layer) => layer.name)).toEqual(['core', 'domain', 'app']);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...folders].sort());
  });

  it('fails a domain feature that imports an app feature above it', async () => {
    const problems = await layerProblems(
      'src/server/features/tips/crossing.ts',
      "import { loadFirstView } from '../guest-page/service';\nexport const x = loadFirstView;\n",
    );
    expect(problems).toEqual([
      'features/tips (domain) may not import features/guest-page (app): a layer imports its own and lower layers only.',
    ]);
  });

  it('fails the core importing a feature, and the base importing any feature', async () => {
    expect(
      await layerProblems(
        'src/server/features/auth/crossing.ts',
        "import { getOwnProfile } from '../profiles/service';\nexport const x = getOwnProfile;\n",
      ),
    ).toEqual([
      'features/auth (core) may not import features/profiles (domain): a layer imports its own and lower layers only.',
    ]);
    expect(
      await layerProblems(
        'src/server/db/crossing.ts',
        "import { hashPassword } from '../features/auth/password';\nexport const x = hashPassword;\n",
      ),
    ).toEqual([
      'db (base) may not import features/auth (core): a layer imports its own and lower layers only.',
    ]);
  });

  it('fails an import that closes a circle between two feature folders of one layer', async () => {
    // staff imports businesses (scope.ts); businesses importing staff would close the circle.
    const problems = await layerProblems(
      'src/server/features/businesses/crossing.ts',
      "import { decideManage } from '../staff/policy';\nexport const x = decideManage;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('closes a circle between feature folders');
    expect(problems[0]).toContain('features/businesses → features/staff → features/businesses');
  });

  it('fails a feature folder that no layer names', async () => {
    expect(
      await layerProblems(
        'src/server/features/unplaced/routes.ts',
        "import { actorOf } from '../auth/guard';\nexport const x = actorOf;\n",
      ),
    ).toEqual(['features/unplaced is in no layer: place it in eslint/layers.js.']);
  });

  it('passes a feature importing its own layer, the core and the base', async () => {
    expect(
      await layerProblems(
        'src/server/features/staff/fine.ts',
        [
          "import { businessScopeOf } from '../businesses/scope';",
          "import { actorOf } from '../auth/guard';",
          "import { writeAudit } from '../audit/write';",
          "import { AppError } from '../../http/errors';",
          'export const x = [businessScopeOf, actorOf, writeAudit, AppError];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

/** The queries rule of eslint/feature-queries.js (decision 0575), run on samples that call the database. */
async function queryProblems(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ overrideConfig: withoutTypes });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'trinkgeld/feature-queries')
    .map((message) => message.message);
}

describe(
  "the rule that keeps a feature's database calls in its queries",
  { timeout: 60_000 },
  () => {
    it('fails drizzle-orm and db/schema outside queries, types too', async () => {
      const problems = await queryProblems(
        'src/server/features/teams/crossing.ts',
        [
          "import { eq } from 'drizzle-orm';",
          "import type { SQL } from 'drizzle-orm';",
          "import { teams } from '../../db/schema';",
          "import type { InferSelectModel } from 'drizzle-orm/table';",
          'export type X = [SQL, InferSelectModel<typeof teams>, typeof eq];',
        ].join('\n'),
      );
      expect(problems).toHaveLength(4);
      expect(problems[0]).toContain('drizzle-orm is for queries only');
      expect(problems[2]).toContain('db/schema is for queries only');
    });

    it('fails a value import of db/connect and a re-export of the schema', async () => {
      expect(
        await queryProblems(
          'src/server/features/shifts/crossing.ts',
          "import { quoteIdent } from '../../db/connect';\nexport const x = quoteIdent;\n",
        ),
      ).toEqual([
        'Outside queries, db/connect gives types only (import type { Db, Tx, Database }): move the database call into queries.ts (decision 0575).',
      ]);
      expect(
        await queryProblems(
          'src/server/features/shifts/nested/crossing.ts',
          "export { teams } from '../../../db/schema';\n",
        ),
      ).toHaveLength(1);
    });

    it('passes queries.ts, a queries/ folder, tests, and type imports of db/connect', async () => {
      const drizzle = [
        "import { eq } from 'drizzle-orm';",
        "import { teams } from '../../db/schema';",
        "import type { Db, Tx } from '../../db/connect';",
        'export const x = [eq, teams];',
        'export type Y = Db | Tx;',
      ].join('\n');
      expect(await queryProblems('src/server/features/teams/queries.ts', drizzle)).toEqual([]);
      expect(
        await queryProblems(
          'src/server/features/teams/queries/members.ts',
          drizzle.replaceAll("'../../", "'../../../"),
        ),
      ).toEqual([]);
      expect(await queryProblems('src/server/features/teams/fine.test.ts', drizzle)).toEqual([]);
      expect(
        await queryProblems(
          'src/server/features/teams/service.ts',
          [
            "import type { Database, Tx } from '../../db/connect';",
            "import { type Db } from '../../db/connect';",
            "import { findTeam } from './queries';",
            'export const x = (d: Database, t: Tx, h: Db) => [d, t, h, findTeam];',
          ].join('\n'),
        ),
      ).toEqual([]);
    });
  },
);
