import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING_COLORS } from './constants';
import {
  brandContrastProblems,
  contrastRatio,
  formatContrastRatio,
  normalizeHexColor,
  relativeLuminance,
} from './contrast';

const defaults = {
  primaryColor: DEFAULT_BRANDING_COLORS.primary,
  secondaryColor: DEFAULT_BRANDING_COLORS.secondary,
  accentColor: DEFAULT_BRANDING_COLORS.accent,
};

const hexColor = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
  )
  .map(([r, g, b]) =>
    `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase(),
  );

describe('contrast after WCAG 2', () => {
  it('matches the reference values of the standard', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    // Values published by the WebAIM contrast checker.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#003057', '#FFFFFF')).toBeCloseTo(13.46, 2);
  });

  it('is symmetric and between 1 and 21 for any pair', () => {
    fc.assert(
      fc.property(hexColor, hexColor, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21.0000001);
        expect(contrastRatio(b, a)).toBeCloseTo(ratio, 12);
      }),
      { numRuns: 200, seed: 110 },
    );
  });

  it('writes ratios the German way and never rounds up across the limit', () => {
    expect(formatContrastRatio(4.5)).toBe('4,5:1');
    expect(formatContrastRatio(4.4999)).toBe('4,4:1');
    expect(formatContrastRatio(13.29)).toBe('13,2:1');
  });

  it('normalises short and lower-case hex, leaves anything else for validation', () => {
    expect(normalizeHexColor(' #abc ')).toBe('#AABBCC');
    expect(normalizeHexColor('#c8aa61')).toBe('#C8AA61');
    expect(normalizeHexColor('blau')).toBe('blau');
    expect(normalizeHexColor('#12345')).toBe('#12345');
  });
});

describe('brandContrastProblems', () => {
  it('accepts the spec default colours', () => {
    expect(brandContrastProblems(defaults)).toEqual([]);
  });

  it('refuses a light primary colour under white text, naming the field, ratio and minimum', () => {
    const [problem, ...rest] = brandContrastProblems({ ...defaults, primaryColor: '#FFD700' });
    expect(problem).toMatchObject({ field: 'primaryColor' });
    expect(problem!.ratio).toBeLessThan(4.5);
    expect(problem!.message).toContain('Weiße Schrift auf der Primärfarbe');
    expect(problem!.message).toContain('mindestens 4,5:1 (WCAG AA)');
    expect(problem!.message).toContain('dunklere Primärfarbe');
    // With a light primary the other pairs fail too: the primary colour is what to change.
    for (const other of rest) expect(other.field).toBe('primaryColor');
  });

  it('blames only the primary colour when it alone changed to #FFDD00', () => {
    const changed = { ...defaults, primaryColor: '#FFDD00' };
    for (const problems of [
      brandContrastProblems(changed, defaults),
      brandContrastProblems(changed),
    ]) {
      expect(problems.map((p) => p.field)).toEqual([
        'primaryColor',
        'primaryColor',
        'primaryColor',
      ]);
      expect(problems.map((p) => p.message)).toEqual([
        expect.stringMatching(
          /^Weiße Schrift auf der Primärfarbe ist zu schwach lesbar: .*Bitte wählen Sie eine dunklere Primärfarbe\.$/,
        ),
        expect.stringMatching(
          /^Die Akzentfarbe auf der Primärfarbe ist zu schwach lesbar: .*Bitte wählen Sie eine dunklere Primärfarbe\.$/,
        ),
        expect.stringMatching(
          /^Schrift in der Primärfarbe auf der Sekundärfarbe ist zu schwach lesbar: .*Bitte wählen Sie eine dunklere Primärfarbe\.$/,
        ),
      ]);
    }
  });

  it('blames the colour the owner changed, not the other colour of the failing pair', () => {
    // #46505A keeps white text and the secondary pair readable; only the accent on it fails.
    const changed = { ...defaults, primaryColor: '#46505A' };
    const [problem, ...rest] = brandContrastProblems(changed, defaults);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ field: 'primaryColor' });
    expect(problem!.message).toMatch(
      /^Die Akzentfarbe auf der Primärfarbe ist zu schwach lesbar: .*Bitte wählen Sie eine dunklere Primärfarbe\.$/,
    );
    // Changed the accent itself: the accent is what to change.
    const accent = brandContrastProblems({ ...defaults, accentColor: '#1A4A70' }, defaults);
    expect(accent.map((p) => p.field)).toEqual(['accentColor']);
  });

  it('refuses an accent too close to the primary colour and suggests the helpful direction', () => {
    const problems = brandContrastProblems({ ...defaults, accentColor: '#1A4A70' });
    expect(problems.map((p) => p.field)).toEqual(['accentColor']);
    expect(problems[0]!.message).toContain('hellere Akzentfarbe');
  });

  it('refuses a secondary colour that primary text cannot be read on', () => {
    const problems = brandContrastProblems({ ...defaults, secondaryColor: '#203F5F' });
    expect(problems.map((p) => p.field)).toEqual(['secondaryColor']);
  });

  it('accepts a pair exactly at the limit and refuses one just below it', () => {
    // #767676 on white is 4.54:1, #777777 4.48:1.
    const base = { accentColor: '#FFFFFF', secondaryColor: '#FFFFFF' };
    expect(brandContrastProblems({ ...base, primaryColor: '#767676' })).toEqual([]);
    expect(brandContrastProblems({ ...base, primaryColor: '#777777' }).map((p) => p.field)).toEqual(
      // All three pairs involve #777777 against white: the primary colour is the one to change.
      ['primaryColor', 'primaryColor', 'primaryColor'],
    );
  });

  it('skips pairs with a colour that is not a colour (the format check reports it)', () => {
    expect(brandContrastProblems({ ...defaults, primaryColor: 'rot' })).toEqual([]);
  });
});
