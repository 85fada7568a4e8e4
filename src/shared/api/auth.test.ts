import { describe, expect, it } from 'vitest';
import { passwordSignInSchema, rateLimitMessage, retryAfterMinutes } from './auth';

describe('rate-limit wording (spec §8)', () => {
  it('rounds the wait up to whole minutes, 60 s by default', () => {
    expect(retryAfterMinutes(undefined)).toBe(1);
    expect(retryAfterMinutes(0)).toBe(1);
    expect(retryAfterMinutes(1)).toBe(1);
    expect(retryAfterMinutes(60)).toBe(1);
    expect(retryAfterMinutes(61)).toBe(2);
    expect(retryAfterMinutes(900)).toBe(15);
    expect(rateLimitMessage(125)).toBe('Bitte warten Sie 3 Minute(n) und versuchen Sie es erneut.');
  });
});

describe('password sign-in schema', () => {
  it('names the first problem in the order of spec §5', () => {
    const first = (input: unknown) =>
      passwordSignInSchema.safeParse(input).error?.issues[0]?.message;
    expect(first({ email: '', password: '' })).toBe('Bitte füllen Sie alle Felder aus.');
    expect(first({ email: 'a@b', password: 'abcdef' })).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    expect(first({ email: 'a@b.de', password: 'abc' })).toBe(
      'Das Passwort muss mindestens 6 Zeichen lang sein.',
    );
    expect(passwordSignInSchema.parse({ email: ' A@B.De ', password: 'abcdef' }).email).toBe(
      'a@b.de',
    );
  });
});
