/**
 * Colour contrast after WCAG 2.x (relative luminance and contrast ratio), shared by the branding
 * form and the server so a colour pair the form accepts is never refused on save, or the other
 * way round (docs/decisions/0112-branding-contrast-rule.md).
 */

/** `#RRGGBB`, the one form colours are stored in. */
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** WCAG AA for normal-size text. */
export const WCAG_AA_TEXT_RATIO = 4.5;

export const WHITE = '#FFFFFF';

export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value);
}

/** `#abc` and `#AABBCC` become `#AABBCC`; anything else stays as it is (and fails validation). */
export function normalizeHexColor(value: string): string {
  const trimmed = value.trim();
  const short = /^#([0-9A-Fa-f])([0-9A-Fa-f])([0-9A-Fa-f])$/.exec(trimmed);
  if (short)
    return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toUpperCase();
  return isHexColor(trimmed) ? trimmed.toUpperCase() : trimmed;
}

function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#RRGGBB` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  if (!isHexColor(hex)) throw new Error(`not a #RRGGBB colour: ${hex}`);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** Contrast ratio of two colours, 1 (none) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** "4,5:1", as a German reader writes a ratio; rounded down so 4.49 never reads as 4,5. */
export function formatContrastRatio(ratio: number): string {
  const floored = Math.floor(ratio * 10) / 10;
  return `${floored.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}:1`;
}

export interface BrandColors {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
}

export type BrandColorField = keyof BrandColors;

/**
 * The pairs the guest pages really draw, each named by the field the business changes to fix it:
 * white text on the primary colour (buttons, the header band), the accent on the primary colour
 * (selected amount, highlights in the header) and primary-coloured text on the secondary colour
 * (secondary buttons and chips).
 */
const isDark = (hex: string) => relativeLuminance(hex) < 0.18;

export const BRAND_CONTRAST_PAIRS: readonly {
  field: BrandColorField;
  foreground: (colors: BrandColors) => string;
  background: (colors: BrandColors) => string;
  describe: string;
  /** What to change, in the direction that helps. */
  hint: (colors: BrandColors) => string;
}[] = [
  {
    field: 'primaryColor',
    foreground: () => WHITE,
    background: (colors) => colors.primaryColor,
    describe: 'Weiße Schrift auf der Primärfarbe',
    hint: () => 'eine dunklere Primärfarbe',
  },
  {
    field: 'accentColor',
    foreground: (colors) => colors.accentColor,
    background: (colors) => colors.primaryColor,
    describe: 'Die Akzentfarbe auf der Primärfarbe',
    hint: (colors) =>
      isDark(colors.primaryColor) ? 'eine hellere Akzentfarbe' : 'eine dunklere Akzentfarbe',
  },
  {
    field: 'secondaryColor',
    foreground: (colors) => colors.primaryColor,
    background: (colors) => colors.secondaryColor,
    describe: 'Schrift in der Primärfarbe auf der Sekundärfarbe',
    hint: (colors) =>
      isDark(colors.primaryColor) ? 'eine hellere Sekundärfarbe' : 'eine dunklere Sekundärfarbe',
  },
];

export interface ContrastProblem {
  field: BrandColorField;
  ratio: number;
  message: string;
}

/**
 * Every pair below WCAG AA (4.5:1), with a German message that names the pair, its ratio, the
 * minimum and what to change. Pairs with a colour that is not `#RRGGBB` are skipped: the format
 * check reports those.
 */
export function brandContrastProblems(colors: BrandColors): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  for (const pair of BRAND_CONTRAST_PAIRS) {
    const foreground = pair.foreground(colors);
    const background = pair.background(colors);
    if (!isHexColor(foreground) || !isHexColor(background)) continue;
    const ratio = contrastRatio(foreground, background);
    if (ratio >= WCAG_AA_TEXT_RATIO) continue;
    problems.push({
      field: pair.field,
      ratio,
      message:
        `${pair.describe} ist zu schwach lesbar: Kontrast ${formatContrastRatio(ratio)}, ` +
        `nötig sind mindestens ${formatContrastRatio(WCAG_AA_TEXT_RATIO)} (WCAG AA). ` +
        `Bitte wählen Sie ${pair.hint(colors)}.`,
    });
  }
  return problems;
}

/** WCAG 2.2 non-text contrast (1.4.11) for a focus indicator against what it sits on. */
export const FOCUS_RING_RATIO = 3;

/** What a focus ring sits on in a themed area: the cards, the page and the muted panels. */
export const FOCUS_RING_BACKGROUNDS = ['#FFFFFF', '#F7F8FA', '#EEF0F3'] as const;

/**
 * The focus ring of a themed area (issue 31 item 8, decision 0354): the business's accent where
 * it reaches 3:1 against every background the ring sits on, else its primary colour, else the
 * text colour, which always does.
 */
export function focusRingColor(
  colors: { primaryColor: string; accentColor: string },
  backgrounds: readonly string[] = FOCUS_RING_BACKGROUNDS,
): string {
  const passes = (color: string) =>
    isHexColor(color) &&
    backgrounds.every((background) => contrastRatio(color, background) >= FOCUS_RING_RATIO);
  if (passes(colors.accentColor)) return colors.accentColor;
  if (passes(colors.primaryColor)) return colors.primaryColor;
  return '#0F1B2A';
}
