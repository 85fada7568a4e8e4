import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING_COLORS } from '../../../../shared/domain/constants';
import { BRAND_COLOR_TOKENS, RADIUS_TOKEN, THEME_COLOR_TOKENS } from './tokens';

const css = readFileSync(path.resolve(import.meta.dirname, '../../../styles.css'), 'utf8');
const rootBlock = /:root(?:,\s*\.light)?\s*{([^}]*)}/.exec(css)?.[1] ?? '';
const declared = new Map(
  [...rootBlock.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
);

describe('style guide tokens', () => {
  it('list exactly the variables styles.css declares', () => {
    const listed = [...THEME_COLOR_TOKENS, ...BRAND_COLOR_TOKENS].map((t) => t.variable);
    expect(new Set([...listed, RADIUS_TOKEN])).toEqual(new Set(declared.keys()));
  });

  it('pair every foreground with a declared variable', () => {
    for (const token of THEME_COLOR_TOKENS) {
      if (token.foreground) expect(declared.has(token.foreground)).toBe(true);
    }
  });

  it('show the default branding colours of the spec', () => {
    expect(declared.get('--brand-primary')?.toLowerCase()).toBe(
      DEFAULT_BRANDING_COLORS.primary.toLowerCase(),
    );
    expect(declared.get('--brand-secondary')?.toLowerCase()).toBe(
      DEFAULT_BRANDING_COLORS.secondary.toLowerCase(),
    );
    expect(declared.get('--brand-accent')?.toLowerCase()).toBe(
      DEFAULT_BRANDING_COLORS.accent.toLowerCase(),
    );
  });
});
