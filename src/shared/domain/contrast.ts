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

/** The colour fields as the branding form names them, for the message's "what to change". */
const COLOR_NAMES: Record<BrandColorField, string> = {
  primaryColor: 'Primärfarbe',
  secondaryColor: 'Sekundärfarbe',
  accentColor: 'Akzentfarbe',
};

const isDark = (hex: string) => relativeLuminance(hex) < 0.18;

/** One side of a pair: a colour of the business, or the fixed white of the text on buttons. */
type PairSide = BrandColorField | typeof WHITE;

/**
 * The pairs the guest pages really draw: white text on the primary colour (buttons, the header
 * band), the accent on the primary colour (selected amount, highlights in the header) and
 * primary-coloured text on the secondary colour (secondary buttons and chips). `field` is the
 * colour to change when nothing says which of the pair's colours is new.
 */
export const BRAND_CONTRAST_PAIRS: readonly {
  field: BrandColorField;
  foreground: PairSide;
  background: PairSide;
  describe: string;
}[] = [
  {
    field: 'primaryColor',
    foreground: WHITE,
    background: 'primaryColor',
    describe: 'Weiße Schrift auf der Primärfarbe',
  },
  {
    field: 'accentColor',
    foreground: 'accentColor',
    background: 'primaryColor',
    describe: 'Die Akzentfarbe auf der Primärfarbe',
  },
  {
    field: 'secondaryColor',
    foreground: 'primaryColor',
    background: 'secondaryColor',
    describe: 'Schrift in der Primärfarbe auf der Sekundärfarbe',
  },
];

type ContrastPair = (typeof BRAND_CONTRAST_PAIRS)[number];

const colorOf = (side: PairSide, colors: BrandColors) =>
  side === WHITE ? WHITE : colors[side as BrandColorField];

/** The business's colours of a pair (white is not one the business can change). */
const fieldsOf = (pair: ContrastPair) =>
  [pair.foreground, pair.background].filter((side): side is BrandColorField => side !== WHITE);

export interface ContrastProblem {
  /** The colour to change, where the form shows the message. */
  field: BrandColorField;
  ratio: number;
  message: string;
}

/**
 * Which colour of a failing pair the business should change: the one it just
 * changed when only one of the pair's colours differs from the saved branding; else the one every
 * failing pair shares (a light primary colour fails all three pairs); else the pair's own field.
 */
function colorToChange(
  pair: ContrastPair,
  failing: readonly ContrastPair[],
  colors: BrandColors,
  saved: BrandColors | undefined,
): BrandColorField {
  const fields = fieldsOf(pair);
  if (saved) {
    const changed = fields.filter(
      (field) => normalizeHexColor(colors[field]) !== normalizeHexColor(saved[field]),
    );
    if (changed.length === 1) return changed[0]!;
  }
  const shared = fields.filter((field) =>
    failing.every((other) => fieldsOf(other).includes(field)),
  );
  return shared.length === 1 ? shared[0]! : pair.field;
}

/** "eine dunklere Primärfarbe": the direction away from the pair's other colour. */
function hintFor(field: BrandColorField, pair: ContrastPair, colors: BrandColors): string {
  const other = pair.foreground === field ? pair.background : pair.foreground;
  const direction = isDark(colorOf(other, colors)) ? 'hellere' : 'dunklere';
  return `eine ${direction} ${COLOR_NAMES[field]}`;
}

/**
 * Every pair below WCAG AA (4.5:1), with a German message that names the pair, its ratio, the
 * minimum and the colour to change, in the direction that helps. `saved` is the branding as
 * stored, so the colour the business just changed is the one named. Pairs with a colour that is
 * not `#RRGGBB` are skipped: the format check reports those.
 */
export function brandContrastProblems(colors: BrandColors, saved?: BrandColors): ContrastProblem[] {
  const failing = BRAND_CONTRAST_PAIRS.map((pair) => {
    const foreground = colorOf(pair.foreground, colors);
    const background = colorOf(pair.background, colors);
    if (!isHexColor(foreground) || !isHexColor(background)) return null;
    return { pair, ratio: contrastRatio(foreground, background) };
  }).filter((found) => found !== null && found.ratio < WCAG_AA_TEXT_RATIO) as {
    pair: ContrastPair;
    ratio: number;
  }[];
  const pairs = failing.map(({ pair }) => pair);
  return failing.map(({ pair, ratio }) => {
    const field = colorToChange(pair, pairs, colors, saved);
    return {
      field,
      ratio,
      message:
        `${pair.describe} ist zu schwach lesbar: Kontrast ${formatContrastRatio(ratio)}, ` +
        `nötig sind mindestens ${formatContrastRatio(WCAG_AA_TEXT_RATIO)} (WCAG AA). ` +
        `Bitte wählen Sie ${hintFor(field, pair, colors)}.`,
    };
  });
}

/** WCAG 2.2 non-text contrast (1.4.11) for a focus indicator against what it sits on. */
export const FOCUS_RING_RATIO = 3;

/** What a focus ring sits on in a themed area: the cards, the page and the muted panels. */
export const FOCUS_RING_BACKGROUNDS = ['#FFFFFF', '#F7F8FA', '#EEF0F3'] as const;

/**
 * The focus ring of a themed area (decision 0354): the business's accent where
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
