/**
 * The colour tokens of src/web/styles.css with the Tailwind utility that uses each one.
 * tokens.test.ts fails when styles.css gains or loses a variable this list does not know.
 */
export interface ColorToken {
  variable: `--${string}`;
  utility: string;
  label: string;
  /** The token drawn on top of this one, to show the pair's contrast. */
  foreground?: `--${string}`;
}

export const THEME_COLOR_TOKENS: readonly ColorToken[] = [
  {
    variable: '--background',
    utility: 'bg-background',
    label: 'Hintergrund',
    foreground: '--foreground',
  },
  {
    variable: '--foreground',
    utility: 'text-foreground',
    label: 'Text',
    foreground: '--background',
  },
  { variable: '--card', utility: 'bg-card', label: 'Karte', foreground: '--card-foreground' },
  {
    variable: '--card-foreground',
    utility: 'text-card-foreground',
    label: 'Text auf Karte',
    foreground: '--card',
  },
  { variable: '--muted', utility: 'bg-muted', label: 'Gedämpft', foreground: '--muted-foreground' },
  {
    variable: '--muted-foreground',
    utility: 'text-muted-foreground',
    label: 'Gedämpfter Text',
    foreground: '--card',
  },
  { variable: '--border', utility: 'border-border', label: 'Rahmen' },
  { variable: '--input', utility: 'border-input', label: 'Eingabe-Rahmen' },
  { variable: '--ring', utility: 'ring-ring', label: 'Fokus-Ring' },
  {
    variable: '--primary',
    utility: 'bg-primary',
    label: 'Primär',
    foreground: '--primary-foreground',
  },
  {
    variable: '--primary-foreground',
    utility: 'text-primary-foreground',
    label: 'Text auf Primär',
    foreground: '--primary',
  },
  {
    variable: '--secondary',
    utility: 'bg-secondary',
    label: 'Sekundär',
    foreground: '--secondary-foreground',
  },
  {
    variable: '--secondary-foreground',
    utility: 'text-secondary-foreground',
    label: 'Text auf Sekundär',
    foreground: '--secondary',
  },
  {
    variable: '--accent',
    utility: 'bg-accent',
    label: 'Akzent',
    foreground: '--accent-foreground',
  },
  {
    variable: '--accent-foreground',
    utility: 'text-accent-foreground',
    label: 'Text auf Akzent',
    foreground: '--accent',
  },
  {
    variable: '--destructive',
    utility: 'bg-destructive',
    label: 'Destruktiv',
    foreground: '--destructive-foreground',
  },
  {
    variable: '--destructive-foreground',
    utility: 'text-destructive-foreground',
    label: 'Text auf Destruktiv',
    foreground: '--destructive',
  },
  {
    variable: '--success',
    utility: 'bg-success',
    label: 'Erfolg',
    foreground: '--success-foreground',
  },
  {
    variable: '--success-foreground',
    utility: 'text-success-foreground',
    label: 'Text auf Erfolg',
    foreground: '--success',
  },
  { variable: '--warning', utility: 'text-warning', label: 'Warnung' },
];

export const BRAND_COLOR_TOKENS: readonly ColorToken[] = [
  { variable: '--brand-primary', utility: 'bg-brand-primary', label: 'Marke Primär' },
  { variable: '--brand-secondary', utility: 'bg-brand-secondary', label: 'Marke Sekundär' },
  { variable: '--brand-accent', utility: 'bg-brand-accent', label: 'Marke Akzent' },
];

/** Not a colour: the corner radius behind rounded-lg. */
export const RADIUS_TOKEN = '--radius' as const;
