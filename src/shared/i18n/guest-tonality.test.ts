import { describe, expect, it } from 'vitest';
import { BRANDING_TONALITIES } from '../domain/constants';
import { guestCatalogue as de } from './guest-de';
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
 * stored German default thank-you, which the guest reads as its tonality's line (`thanksIn`).
 */
const NOT_WALKED = /^first\.(tonality\.|defaultThanks$)/;

const GERMAN_DU =
  /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|Du|Dein|Deine|Wähle|wähle|schreib|Schreib|gib|frag|wende|warte|versuch|prüf|scanne|Scanne)\b/;
const GERMAN_SIE = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;
/** The spec's own words in 'du' (§2 feedback dialog), kept as written by the default. */
const SPEC_DU = new Set(['outcome.tip.feedback.title']);

// Issue 46 item 4: 'Förmlich' said 'Möchtest du noch etwas sagen? Wähle … schreib', 'Locker'
// greeted with 'du' beside 'Ihr Trinkgeld wird … aufgeteilt'.
describe('the German guest texts in each tonality', () => {
  const walked = (tonality: string) =>
    textsOf(catalogueInTonality(de, tonality)).filter(([path]) => !NOT_WALKED.test(path));

  it('walk every text of the catalogue', () => {
    for (const tonality of BRANDING_TONALITIES) {
      expect(walked(tonality).length, tonality).toBeGreaterThan(150);
    }
  });

  it("say 'Sie' in 'Förmlich', the feedback dialog included", () => {
    expect(walked('formal').filter(([, text]) => GERMAN_DU.test(text))).toEqual([]);
  });

  it("say 'du' in 'Locker', every text", () => {
    expect(walked('casual').filter(([, text]) => GERMAN_SIE.test(text))).toEqual([]);
  });

  it("say the spec's words in the default: 'Sie', and the dialog's title as the spec writes it", () => {
    expect(
      walked('friendly').filter(([path, text]) => !SPEC_DU.has(path) && GERMAN_DU.test(text)),
    ).toEqual([]);
    expect(de.outcome.tip.feedback.title).toBe('Möchtest du noch etwas sagen?');
  });
});
