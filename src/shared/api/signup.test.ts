import { describe, expect, it } from 'vitest';
import { DPA_VERSION, TERMS_VERSION } from '../domain/agreements';
import {
  signUpConfirmFormSchema,
  signUpConfirmRequestOf,
  signUpConfirmSchema,
  signUpFormSchema,
  signUpRequestOf,
  signUpRequestSchema,
  type SignUpConfirmFormInput,
  type SignUpFormInput,
} from './signup';

const filled: SignUpFormInput = {
  fullName: '  Maria Sommer ',
  email: '  Maria@Hotel-Sonnenhang.DE ',
  businessName: ' Hotel Sonnenhang ',
};

const confirmed: SignUpConfirmFormInput = {
  password: 'Sonnenhang-2026',
  passwordRepeat: 'Sonnenhang-2026',
  acceptTerms: true,
  acceptDpa: true,
};

const TOKEN = 'a'.repeat(43);

/** The first German message of each field a schema refuses, as the form shows it. */
function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error!.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const formMessages = (input: Partial<SignUpFormInput>) =>
  firstMessages(signUpFormSchema.safeParse({ ...filled, ...input }));
const confirmMessages = (input: Partial<SignUpConfirmFormInput>) =>
  firstMessages(signUpConfirmFormSchema.safeParse({ ...confirmed, ...input }));

describe('the sign-up form schema', () => {
  it('accepts a filled form, trimmed, with the address lower-cased', () => {
    expect(signUpFormSchema.parse(filled)).toEqual({
      fullName: 'Maria Sommer',
      email: 'maria@hotel-sonnenhang.de',
      businessName: 'Hotel Sonnenhang',
    });
  });

  it('says in German what an empty form lacks', () => {
    expect(formMessages({ fullName: '', email: '', businessName: '   ' })).toEqual({
      fullName: 'Bitte geben Sie Ihren vollständigen Namen ein.',
      email: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
      businessName: 'Bitte geben Sie den Namen Ihres Betriebs ein.',
    });
  });

  it.each<[Partial<SignUpFormInput>, string, string]>([
    [{ email: 'maria@hotel' }, 'email', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    [{ fullName: 'x'.repeat(121) }, 'fullName', 'Der Name darf höchstens 120 Zeichen lang sein.'],
    [
      { businessName: 'x'.repeat(201) },
      'businessName',
      'Der Name des Betriebs darf höchstens 200 Zeichen lang sein.',
    ],
  ])('refuses %j on %s in German', (change, field, message) => {
    expect(formMessages(change)).toEqual({ [field]: message });
  });
});

describe('the sign-up request', () => {
  it('carries no password and no acceptance: those belong to the confirmation', () => {
    const request = signUpRequestOf(signUpFormSchema.parse(filled));
    expect(request).toEqual({
      fullName: 'Maria Sommer',
      email: 'maria@hotel-sonnenhang.de',
      businessName: 'Hotel Sonnenhang',
    });
    // A password sent anyway (an old form, or someone naming another person's address) is dropped.
    expect(
      signUpRequestSchema.parse({ ...request, password: 'Angreifer-2026', termsVersion: 'x' }),
    ).toEqual(request);
  });
});

describe('the confirmation form schema', () => {
  it('says in German what an empty form lacks', () => {
    expect(
      confirmMessages({ password: '', passwordRepeat: '', acceptTerms: false, acceptDpa: false }),
    ).toEqual({
      password: 'Bitte füllen Sie alle Felder aus.',
      acceptTerms: 'Bitte stimmen Sie den AGB zu.',
      acceptDpa: 'Bitte stimmen Sie dem Vertrag zur Auftragsverarbeitung (AVV) zu.',
    });
  });

  it.each<[Partial<SignUpConfirmFormInput>, string, string]>([
    [
      { password: '12345', passwordRepeat: '12345' },
      'password',
      'Das Passwort muss mindestens 6 Zeichen lang sein.',
    ],
    [
      { passwordRepeat: 'Sonnenhang-2025' },
      'passwordRepeat',
      'Die Passwörter stimmen nicht überein.',
    ],
    [
      { acceptDpa: false },
      'acceptDpa',
      'Bitte stimmen Sie dem Vertrag zur Auftragsverarbeitung (AVV) zu.',
    ],
  ])('refuses %j on %s in German', (change, field, message) => {
    expect(confirmMessages(change)).toEqual({ [field]: message });
  });
});

describe('the confirmation request', () => {
  it('sends the token, the password once and the current contract versions for the ticks', () => {
    const request = signUpConfirmRequestOf(TOKEN, signUpConfirmFormSchema.parse(confirmed));
    expect(request).toEqual({
      token: TOKEN,
      password: 'Sonnenhang-2026',
      termsVersion: TERMS_VERSION,
      dpaVersion: DPA_VERSION,
    });
    expect(signUpConfirmSchema.parse(request)).toEqual(request);
  });

  it('refuses a version the server does not offer, asking to reload in German', () => {
    const request = signUpConfirmRequestOf(TOKEN, signUpConfirmFormSchema.parse(confirmed));
    const stale = signUpConfirmSchema.safeParse({ ...request, termsVersion: '2020-01' });
    expect(stale.error?.issues[0]?.message).toBe(
      'Die AGB wurden inzwischen aktualisiert. Bitte laden Sie die Seite neu und stimmen Sie der aktuellen Fassung zu.',
    );
    const missing = signUpConfirmSchema.safeParse({ ...request, dpaVersion: undefined });
    expect(missing.error?.issues[0]?.message).toContain(
      'Der Vertrag zur Auftragsverarbeitung wurde inzwischen aktualisiert.',
    );
  });

  it('refuses a confirmation without a password', () => {
    const bare = signUpConfirmSchema.safeParse({ token: TOKEN });
    expect(bare.success).toBe(false);
  });
});
