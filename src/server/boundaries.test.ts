import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The boundary rule of eslint.config.js (decision 0365), run on files that cross a border. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint();
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
