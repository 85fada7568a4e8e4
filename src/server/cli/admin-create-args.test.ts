import { describe, expect, it } from 'vitest';
import { parseAdminCreateArgs } from './admin-create-args';

describe('npm run admin:create -- arguments', () => {
  it('trims and lower-cases the address; the name is optional', () => {
    expect(parseAdminCreateArgs(['--email', '  Chefin@Example.DE '])).toEqual({
      ok: true,
      email: 'chefin@example.de',
      fullName: null,
    });
    expect(
      parseAdminCreateArgs(['--email=betrieb@example.de', '--name', '  Maria Schulz ']),
    ).toEqual({ ok: true, email: 'betrieb@example.de', fullName: 'Maria Schulz' });
  });

  it.each([
    [[], 'Die Option --email fehlt.'],
    [['--email', ''], 'Die Option --email fehlt.'],
    [['--email', 'kein-at-zeichen'], 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    [
      ['--email', 'a@b.de', '--name', 'x'.repeat(121)],
      'Der Name darf höchstens 120 Zeichen lang sein.',
    ],
  ])('%j is refused: %s', (argv, problem) => {
    expect(parseAdminCreateArgs(argv)).toEqual({ ok: false, problem });
  });

  it('refuses unknown options and stray words', () => {
    const unknown = parseAdminCreateArgs(['--email', 'a@b.de', '--role', 'admin']);
    expect(unknown.ok).toBe(false);
    expect(parseAdminCreateArgs(['a@b.de']).ok).toBe(false);
    expect(parseAdminCreateArgs(['--email']).ok).toBe(false);
  });

  it('answers --help', () => {
    expect(parseAdminCreateArgs(['--help'])).toEqual({ ok: 'help' });
  });
});
