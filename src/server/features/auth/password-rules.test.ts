import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../../../shared/domain/constants';
import { AppError } from '../../http/errors';
import { assertNewPasswordAllowed, commonPasswordList, isCommonPassword } from './password-rules';

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
    for (const entry of list) {
      expect(entry.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
      expect(entry).toBe(entry.toLowerCase());
    }
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
