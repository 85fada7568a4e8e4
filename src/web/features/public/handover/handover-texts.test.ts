import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../../../server/seed/seed';
import { handoverTexts } from '../../../../shared/i18n/developer-handover';

/** The handover page repeats the README in German; these checks keep the two in step. */
const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');
const configTable = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Running'));
const readmeVariables = [...configTable.matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]);

describe('developer handover texts', () => {
  it('list exactly the configuration variables of the README, in its order', () => {
    expect(readmeVariables.length).toBeGreaterThan(10);
    expect(handoverTexts.config.variables.map((v) => v.name)).toEqual(readmeVariables);
  });

  it('show the defaults the README names', () => {
    for (const variable of handoverTexts.config.variables) {
      const row = configTable.split('\n').find((line) => line.startsWith(`| \`${variable.name}\``));
      const readmeDefault = row?.split('|')[2]?.trim() ?? '';
      const literal = /^`([^`]+)`$/.exec(readmeDefault)?.[1];
      if (readmeDefault === 'unset') expect(variable.fallback, variable.name).toBeNull();
      else if (literal) expect(variable.fallback, variable.name).toBe(literal);
      else expect(variable.fallback, variable.name).not.toBeNull();
    }
  });

  it('name the demo logins and password of the seed', () => {
    expect(handoverTexts.run.demoPassword).toBe(DEMO_PASSWORD);
    expect(handoverTexts.run.logins.map((l) => l.email)).toEqual(DEMO_LOGINS.map((l) => l.email));
  });

  it('give the commands the README gives', () => {
    expect(readme).toContain(handoverTexts.run.startCommand);
    expect(readme).toContain(handoverTexts.run.testCommand);
  });
});
