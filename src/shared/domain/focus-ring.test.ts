import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandThemeStyle } from '../../web/lib/brand-theme';
import { DEFAULT_BRANDING_COLORS } from './constants';
import { contrastRatio, FOCUS_RING_BACKGROUNDS, focusRingColor } from './contrast';

/** The brandings guests meet: the defaults (the spec's colours) and the seeded café's. */
const BRANDINGS = [
  {
    name: 'Standard',
    primaryColor: DEFAULT_BRANDING_COLORS.primary,
    secondaryColor: DEFAULT_BRANDING_COLORS.secondary,
    accentColor: DEFAULT_BRANDING_COLORS.accent,
  },
  {
    name: 'Café Morgenrot',
    primaryColor: '#7A2E1F',
    secondaryColor: '#F3E9DC',
    accentColor: '#E0A458',
  },
];

const hexColor = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map(([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`);

const ring = (look: (typeof BRANDINGS)[number]) =>
  (brandThemeStyle({ ...look, fontFamily: 'Fira Sans' }) as Record<string, string>)['--ring']!;

describe('the focus ring reaches 3:1 against what it sits on (WCAG 2.2)', () => {
  it('on the default tokens of the app (light) instead of the gold at 2.2:1', async () => {
    // The stylesheet as written (a test reads it; the shared code never touches the disk).
    const { readFileSync } = await import('node:fs');
    const css = readFileSync('src/web/styles.css', 'utf8');
    const root = css.slice(css.indexOf(':root,'), css.indexOf('}', css.indexOf(':root,')));
    const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(root)![1]!;
    for (const background of [token('card'), token('background'), token('muted')]) {
      expect(contrastRatio(token('ring'), background)).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(BRANDINGS)("under the branding '$name'", (look) => {
    for (const background of FOCUS_RING_BACKGROUNDS) {
      expect(contrastRatio(ring(look), background)).toBeGreaterThanOrEqual(3);
    }
  });

  it('under any branding colours a business may save', () => {
    fc.assert(
      fc.property(hexColor, hexColor, (primaryColor, accentColor) => {
        const color = focusRingColor({ primaryColor, accentColor });
        return FOCUS_RING_BACKGROUNDS.every((bg) => contrastRatio(color, bg) >= 3);
      }),
    );
  });

  it("keeps the business's accent where it already reaches 3:1", () => {
    expect(focusRingColor({ primaryColor: '#003057', accentColor: '#8A5A00' })).toBe('#8A5A00');
    // The spec's gold fails on white: the primary colour takes over.
    expect(focusRingColor({ primaryColor: '#003057', accentColor: '#C8AA61' })).toBe('#003057');
  });
});
