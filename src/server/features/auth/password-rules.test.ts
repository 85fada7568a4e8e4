import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../../../shared/domain/constants';
import { AppError } from '../../http/errors';
import { PASSWORD_MESSAGES } from '../../../shared/domain/passwords';
import {
  assertNewPasswordAllowed,
  commonPasswordList,
  isCommonPassword,
  type PasswordRuleOptions,
} from './password-rules';

function refusal(password: string, field?: string): AppError {
  try {
    assertNewPasswordAllowed(password, field ? { field } : {});
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`"${password}" was allowed`);
}

describe('the common-password list shipped with the product', () => {
  it('holds a few thousand lower-case entries of at least the minimum length', () => {
    const list = commonPasswordList();
    expect(list.size).toBeGreaterThanOrEqual(10_000);
    expect(list.size).toBeLessThan(20_000);
    // One assertion over the whole list: 10,000 single ones took longer than the test's 5 s on a
    // busy machine, and a failure now names every offending entry at once.
    const misfits = [...list].filter(
      (entry) => entry.length < MIN_PASSWORD_LENGTH || entry !== entry.toLowerCase(),
    );
    expect(misfits).toEqual([]);
  });

  it('contains the classics and the German ones we added', () => {
    for (const password of ['123456', 'password', 'qwertyuiop', 'passwort', 'qwertz', 'hallo123']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });
});

describe('assertNewPasswordAllowed', () => {
  it('refuses a listed password in any capitalisation, at the password field', () => {
    for (const password of ['password1', 'PASSWORD1', 'PassWort', 'QwErTz123', 'Trinkgeld']) {
      const error = refusal(password);
      expect(error.status).toBe(400);
      expect(error.code).toBe('password_too_common');
      expect(error.message).toBe(
        'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      );
      expect(error.details).toEqual([{ path: 'body.password', message: error.message }]);
    }
  });

  it('names the field the caller gives', () => {
    expect(refusal('sunshine', 'newPassword').details?.[0]?.path).toBe('body.newPassword');
  });

  it('lets an uncommon passphrase pass', () => {
    expect(() => assertNewPasswordAllowed('Leuchtturm am Morgen 7')).not.toThrow();
    expect(() => assertNewPasswordAllowed('kaffeetasse-zitronenbaum')).not.toThrow();
  });

  it('keeps the spec length rule: 6 characters pass, 5 do not', () => {
    expect(() => assertNewPasswordAllowed('x7#Kq9')).not.toThrow();
    const short = refusal('x7#Kq');
    expect(short.status).toBe(400);
    expect(short.code).toBe('validation_failed');
    expect(short.message).toBe('Das Passwort muss mindestens 6 Zeichen lang sein.');
    expect(short.details).toEqual([{ path: 'body.password', message: short.message }]);
    expect(refusal('').message).toBe('Bitte füllen Sie alle Felder aus.');
  });

  it('refuses a password too long to hash cheaply', () => {
    expect(refusal('a'.repeat(1025)).code).toBe('validation_failed');
  });
});

describe('context-specific words (NIST SP 800-63B)', () => {
  const context = {
    email: 'maria.sommer@hotel-sonnenhang.example',
    businessName: 'Hotel Sonnenhang',
  };
  function refusedWith(password: string, options: PasswordRuleOptions = { context }) {
    try {
      assertNewPasswordAllowed(password, options);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    return null;
  }

  it.each([
    ['demo1234', PASSWORD_MESSAGES.demoPassword],
    ['Demo1234!', PASSWORD_MESSAGES.demoPassword],
    ['Trinkgeld2026', PASSWORD_MESSAGES.productName],
    ['mein-TRINK-geld', PASSWORD_MESSAGES.productName],
    ['maria.sommer@hotel-sonnenhang.example', PASSWORD_MESSAGES.emailAddress],
    ['Maria.Sommer', PASSWORD_MESSAGES.emailAddress],
    ['mariasommer99', PASSWORD_MESSAGES.emailAddress],
    ['HotelSonnenhang!', PASSWORD_MESSAGES.businessName],
    ['hotel sonnenhang 2026', PASSWORD_MESSAGES.businessName],
  ])('refuses %s in German at the field', (password, message) => {
    const error = refusedWith(password);
    expect(error).not.toBeNull();
    expect(error!.status).toBe(400);
    expect(error!.code).toBe('password_context_word');
    expect(error!.message).toBe(message);
    expect(error!.details).toEqual([{ path: 'body.password', message }]);
  });

  it('refuses the product name and the demo password even without a context', () => {
    expect(refusedWith('Trinkgeld2026', {})?.message).toBe(PASSWORD_MESSAGES.productName);
    expect(refusedWith('demo1234', {})?.message).toBe(PASSWORD_MESSAGES.demoPassword);
  });

  it('allows passwords that name none of them, and ignores a very short local part', () => {
    expect(refusedWith('Leuchtturm am Morgen 7')).toBeNull();
    expect(refusedWith('Sonnenblume-im-Hof', { context })).toBeNull();
    expect(refusedWith('maxi-Leuchtturm-7', { context: { email: 'max@ab.example' } })).toBeNull();
  });

  it('asks a platform admin for at least 12 characters', () => {
    const admin = { context: { platformAdmin: true } };
    const short = refusedWith('Leuchtturm7', admin);
    expect(short?.code).toBe('validation_failed');
    expect(short?.message).toBe(PASSWORD_MESSAGES.adminTooShort);
    expect(short?.message).toBe(
      'Das Passwort eines Plattform-Administrators muss mindestens 12 Zeichen lang sein.',
    );
    expect(refusedWith('Leuchtturm-77', admin)).toBeNull();
  });
});
