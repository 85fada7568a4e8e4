import { describe, expect, it } from 'vitest';
import { DPA_VERSION, TERMS_VERSION } from '../domain/agreements';
import {
  signUpFormSchema,
  signUpRequestOf,
  signUpRequestSchema,
  type SignUpFormInput,
} from './signup';

const filled: SignUpFormInput = {
  fullName: '  Maria Sommer ',
  email: '  Maria@Hotel-Sonnenhang.DE ',
  password: 'Sonnenhang-2026',
  passwordRepeat: 'Sonnenhang-2026',
  businessName: ' Hotel Sonnenhang ',
  acceptTerms: true,
  acceptDpa: true,
};

/** The German message the form shows for each field the schema refuses. */
function messages(input: Partial<SignUpFormInput>): Record<string, string> {
  const result = signUpFormSchema.safeParse({ ...filled, ...input });
  if (result.success) return {};
  // The first problem of each field, as the form shows it.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('the sign-up form schema', () => {
  it('accepts a filled form, trimmed, with the address lower-cased', () => {
    const parsed = signUpFormSchema.parse(filled);
    expect(parsed).toMatchObject({
      fullName: 'Maria Sommer',
      email: 'maria@hotel-sonnenhang.de',
      businessName: 'Hotel Sonnenhang',
    });
  });

  it('says in German what an empty form lacks', () => {
    expect(
      messages({
        fullName: '',
        email: '',
        password: '',
        passwordRepeat: '',
        businessName: '   ',
        acceptTerms: false,
        acceptDpa: false,
      }),
    ).toEqual({
      fullName: 'Bitte geben Sie Ihren vollständigen Namen ein.',
      email: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
      password: 'Bitte füllen Sie alle Felder aus.',
      businessName: 'Bitte geben Sie den Namen Ihres Betriebs ein.',
      acceptTerms: 'Bitte stimmen Sie den AGB zu.',
      acceptDpa: 'Bitte stimmen Sie dem Vertrag zur Auftragsverarbeitung (AVV) zu.',
    });
  });

  it.each<[Partial<SignUpFormInput>, string, string]>([
    [{ email: 'maria@hotel' }, 'email', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
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
    [{ fullName: 'x'.repeat(121) }, 'fullName', 'Der Name darf höchstens 120 Zeichen lang sein.'],
    [
      { businessName: 'x'.repeat(201) },
      'businessName',
      'Der Name des Betriebs darf höchstens 200 Zeichen lang sein.',
    ],
    [
      { acceptDpa: false },
      'acceptDpa',
      'Bitte stimmen Sie dem Vertrag zur Auftragsverarbeitung (AVV) zu.',
    ],
  ])('refuses %j on %s in German', (change, field, message) => {
    expect(messages(change)).toEqual({ [field]: message });
  });
});

describe('the sign-up request', () => {
  it('sends the current contract versions for the two ticks, and no repeated password', () => {
    const request = signUpRequestOf(signUpFormSchema.parse(filled));
    expect(request).toEqual({
      fullName: 'Maria Sommer',
      email: 'maria@hotel-sonnenhang.de',
      password: 'Sonnenhang-2026',
      businessName: 'Hotel Sonnenhang',
      termsVersion: TERMS_VERSION,
      dpaVersion: DPA_VERSION,
    });
    expect(signUpRequestSchema.parse(request)).toEqual(request);
  });

  it('refuses a version the server does not offer, asking to reload in German', () => {
    const request = signUpRequestOf(signUpFormSchema.parse(filled));
    const stale = signUpRequestSchema.safeParse({ ...request, termsVersion: '2020-01' });
    expect(stale.success).toBe(false);
    expect(stale.error?.issues[0]?.message).toBe(
      'Die AGB wurden inzwischen aktualisiert. Bitte laden Sie die Seite neu und stimmen Sie der aktuellen Fassung zu.',
    );
    const missing = signUpRequestSchema.safeParse({ ...request, dpaVersion: undefined });
    expect(missing.error?.issues[0]?.message).toContain(
      'Der Vertrag zur Auftragsverarbeitung wurde inzwischen aktualisiert.',
    );
  });
});
