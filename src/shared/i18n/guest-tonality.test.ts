import { describe, expect, it } from 'vitest';
import { BRANDING_TONALITIES } from '../domain/constants';
import type { GuestCatalogue } from './guest-catalogue';
import { guestCatalogue as de } from './guest-de';
import { guestCatalogue as en } from './guest-en';
import { guestCatalogue as es } from './guest-es';
import { guestCatalogue as fr } from './guest-fr';
import { guestCatalogue as it_ } from './guest-it';
import { guestMailTexts } from './guest-mail';
import { catalogueInTonality } from './guest-tonality';

/** Every text of a catalogue by its path, each function said with sample arguments. */
function textsOf(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    return [[path, String((value as (...args: unknown[]) => string)('Anna', 2, 'X'))]];
  }
  return Object.entries(value as object).flatMap(([key, child]) =>
    textsOf(child, path ? `${path}.${key}` : key),
  );
}

/**
 * Not said in the tonality being walked: the table of the three tonalities' own lines, and the
 * stored default thank-you, which the guest reads as its tonality's line (`thanksIn`).
 */
const NOT_WALKED = /^first\.(tonality\.|defaultThanks$)/;
/** The spec's feedback title in 'du' (§2), kept by the default as written (and translated). */
const SPEC_INFORMAL = new Set(['outcome.tip.feedback.title']);

/** Any of the words, standing alone (letters such as 'è' are letters here, unlike in `\b`). */
function words(list: string[]): RegExp {
  return new RegExp(`(?<!\\p{L})(${list.join('|')})(?!\\p{L})`, 'u');
}

/**
 * How each language with a familiar and a polite 'you' gives itself away: pronouns,
 * possessives and the imperatives the guest texts use.
 */
const ADDRESS = {
  de: {
    familiar: words([
      'du',
      'dich',
      'dir',
      'dein',
      'deine',
      'deinen',
      'deinem',
      'deiner',
      'deines',
      'Du',
      'Dein',
      'Deine',
      'Wähle',
      'wähle',
      'schreib',
      'Schreib',
      'gib',
      'frag',
      'wende',
      'warte',
      'versuch',
      'prüf',
      'scanne',
      'Scanne',
    ]),
    polite: words(['Sie', 'Ihr', 'Ihre', 'Ihren', 'Ihrem', 'Ihrer', 'Ihres', 'Ihnen']),
  },
  fr: {
    familiar: words(['tu', 'te', 'toi', 'ton', 'ta', 'tes', 'Tu', 'Ton', 'Ta', 'Tes']),
    polite: words([
      'vous',
      'votre',
      'vos',
      'Vous',
      'Votre',
      'Vos',
      'Veuillez',
      'veuillez',
      'Choisissez',
      'écrivez',
      'Scannez',
      'demandez',
    ]),
  },
  es: {
    familiar: words([
      'tú',
      'tu',
      'tus',
      'Tu',
      'Tus',
      'te',
      'ti',
      'quieres',
      'Quieres',
      'Elige',
      'escribe',
      'puedes',
      'Puedes',
    ]),
    polite: words([
      'usted',
      'Usted',
      'su propina',
      'Su propina',
      'su contribución',
      'Su enlace',
      'su apoyo',
      'Su pago',
      'su conexión',
      'Su mensaje',
      'su reconocimiento',
      'Introduzca',
      'Vuelva',
      'Pida',
      'Elija',
      'escriba',
      'Inténtelo',
      'inténtelo',
      'Espere',
      'espere',
      'Diríjase',
      'Escanee',
      'pregunte',
      'Compruebe',
      'Ha cancelado',
      'Ya puede',
      'Puede dar',
      'Quiere',
      'quiere',
    ]),
  },
  it: {
    familiar: words([
      'tuo',
      'tua',
      'tuoi',
      'tue',
      'ti',
      'Vuoi',
      'vuoi',
      'puoi',
      'Puoi',
      'Scegli una reazione',
      'Inserisci',
      'Chiedi',
      'Rivolgiti',
      'Scansiona di nuovo',
      'Hai annullato',
    ]),
    polite: words([
      'Lei',
      'Sua',
      'Suo',
      'Suoi',
      'Sue',
      'Inserisca',
      'Riprovi',
      'riprovi',
      'Attenda',
      'attenda',
      'rivolga',
      'Scansioni',
      'chieda',
      'Chieda',
      'Scelga',
      'scelga',
      'scriva',
      'Controlli',
      'la sua mancia',
      'il suo contributo',
      'il suo link',
      'il suo sostegno',
      'Il suo messaggio',
      'il suo apprezzamento',
      'può chiudere',
      'Può lasciare',
      'Ha annullato',
    ]),
  },
} as const;

const catalogues: Record<keyof typeof ADDRESS, GuestCatalogue> = { de, fr, es, it: it_ };

/** The pages' texts and the guest's e-mails (`mail.`) of one language in one tonality. */
const walked = (locale: keyof typeof ADDRESS, tonality: string) =>
  textsOf({
    ...catalogueInTonality(catalogues[locale], tonality),
    mail: guestMailTexts(locale, tonality),
  }).filter(([path]) => !NOT_WALKED.test(path));

// 'Förmlich' said 'Möchtest du noch etwas sagen? Wähle … schreib', 'Locker'
// greeted with 'du' beside 'Ihr Trinkgeld wird … aufgeteilt'. Every text of every language in
// every tonality is walked: a new text that addresses the guest needs its tonalities' words.
describe.each(Object.keys(ADDRESS) as (keyof typeof ADDRESS)[])(
  'the %s guest texts in each tonality',
  (locale) => {
    const { familiar, polite } = ADDRESS[locale];

    it('walk every text of the catalogue', () => {
      for (const tonality of BRANDING_TONALITIES) {
        expect(walked(locale, tonality).length, tonality).toBeGreaterThan(150);
      }
    });

    it("address the guest politely in 'Förmlich', the feedback dialog included", () => {
      expect(walked(locale, 'formal').filter(([, text]) => familiar.test(text))).toEqual([]);
    });

    it("address the guest familiarly in 'Locker', every text", () => {
      expect(walked(locale, 'casual').filter(([, text]) => polite.test(text))).toEqual([]);
    });

    it("say the default's words politely, the spec's informal dialog title as written", () => {
      expect(
        walked(locale, 'friendly').filter(
          ([path, text]) => !SPEC_INFORMAL.has(path) && familiar.test(text),
        ),
      ).toEqual([]);
    });
  },
);

describe('the tonality in a language without a familiar and a polite form (English)', () => {
  it('changes only the greeting, the default thank-you and the success heading', () => {
    const texts = BRANDING_TONALITIES.map((tonality) =>
      textsOf(catalogueInTonality(en, tonality)).filter(([path]) => !NOT_WALKED.test(path)),
    );
    expect(texts[1]).toEqual(texts[0]);
    expect(texts[2]).toEqual(texts[0]);
    expect(new Set(BRANDING_TONALITIES.map((t) => en.first.tonality[t].greeting)).size).toBe(3);
  });
});

it("keeps the spec's feedback title for the German default", () => {
  expect(de.outcome.tip.feedback.title).toBe('Möchtest du noch etwas sagen?');
});
