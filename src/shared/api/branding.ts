import { z } from 'zod';
import {
  BRANDING_FONTS,
  BRANDING_LANGUAGES,
  BRANDING_TONALITIES,
  DEFAULT_BRANDING_COLORS,
} from '../domain/constants';
import {
  type BrandColorField,
  type BrandColors,
  brandContrastProblems,
  isHexColor,
  normalizeHexColor,
} from '../domain/contrast';
import { defineErrors } from '../domain/errors';
import { MEDIA_URL_PATTERN } from './profiles';

/** Limits of the branding fields (the database checks the same lengths). */
export const BRANDING_LIMITS = {
  companyName: 200,
  thankYouMessage: 500,
  /** Logos are small on every page; 1 MB is plenty for a sharp PNG, JPEG or WebP. */
  logoBytes: 1024 * 1024,
} as const;

/** German names of the fields, used in every message so the person knows which one is meant. */
export const BRANDING_FIELD_LABELS = {
  primaryColor: 'Primärfarbe',
  secondaryColor: 'Sekundärfarbe',
  accentColor: 'Akzentfarbe',
  fontFamily: 'Schriftart',
  language: 'Sprache',
  tonality: 'Tonalität',
  companyName: 'Firmenname',
  thankYouMessage: 'Dankesnachricht',
  logoUrl: 'Logo',
} as const;

export const BRANDING_TONALITY_LABELS: Record<(typeof BRANDING_TONALITIES)[number], string> = {
  formal: 'Förmlich',
  friendly: 'Freundlich',
  casual: 'Locker',
};

export const BRANDING_LANGUAGE_LABELS: Record<(typeof BRANDING_LANGUAGES)[number], string> = {
  de: 'Deutsch',
  en: 'Englisch',
  fr: 'Französisch',
  es: 'Spanisch',
  it: 'Italienisch',
};

const colorField = (label: string) =>
  z
    .string({ error: `${label}: Bitte geben Sie eine Farbe an.` })
    .transform(normalizeHexColor)
    .refine(isHexColor, {
      message: `${label}: Bitte geben Sie eine Farbe im Format #RRGGBB an (z. B. #003057).`,
    });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}: Bitte geben Sie einen Text an.` })
    .trim()
    .max(max, { message: `${label}: höchstens ${max} Zeichen.` })
    .transform((value) => (value === '' ? null : value))
    .nullable();

const enumField = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label}: Bitte wählen Sie einen der angebotenen Werte.` });

/**
 * What the branding form sends and the server stores (spec §3 "Branding config"), each field on
 * its own; the colour contrast is checked by brandingUpdateSchemaAgainst. The background image is
 * not edited here (spec: not shown); it keeps its stored value.
 */
export const brandingUpdateFieldsSchema = z
  .object({
    primaryColor: colorField(BRANDING_FIELD_LABELS.primaryColor),
    secondaryColor: colorField(BRANDING_FIELD_LABELS.secondaryColor),
    accentColor: colorField(BRANDING_FIELD_LABELS.accentColor),
    fontFamily: enumField(BRANDING_FONTS, BRANDING_FIELD_LABELS.fontFamily),
    language: enumField(BRANDING_LANGUAGES, BRANDING_FIELD_LABELS.language),
    tonality: enumField(BRANDING_TONALITIES, BRANDING_FIELD_LABELS.tonality),
    companyName: optionalText(BRANDING_FIELD_LABELS.companyName, BRANDING_LIMITS.companyName),
    thankYouMessage: optionalText(
      BRANDING_FIELD_LABELS.thankYouMessage,
      BRANDING_LIMITS.thankYouMessage,
    ),
    logoUrl: z
      .string()
      .regex(MEDIA_URL_PATTERN, {
        message: `${BRANDING_FIELD_LABELS.logoUrl}: Bitte laden Sie das Logo erneut hoch.`,
      })
      .nullable(),
  })
  .strict();

/** A contrast problem as a field's message: "Primärfarbe: Weiße Schrift auf … ". */
export function contrastIssuesOf(
  colors: BrandColors,
  saved?: BrandColors,
): { field: BrandColorField; message: string }[] {
  return brandContrastProblems(colors, saved).map((problem) => ({
    field: problem.field,
    message: `${BRANDING_FIELD_LABELS[problem.field]}: ${problem.message}`,
  }));
}

/**
 * The branding with colour pairs below WCAG AA refused, each message on the colour to change:
 * the one changed against `saved` (the stored branding) where that tells. The
 * form checks with the saved branding, the server again in the save's transaction, so both give
 * the same message on the same field.
 */
export function brandingUpdateSchemaAgainst(saved?: BrandColors) {
  return brandingUpdateFieldsSchema.superRefine((value, context) => {
    for (const issue of contrastIssuesOf(value, saved)) {
      context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  });
}

export const brandingUpdateSchema = brandingUpdateSchemaAgainst();
export type BrandingUpdateInput = z.input<typeof brandingUpdateSchema>;
export type BrandingUpdate = z.output<typeof brandingUpdateSchema>;

export const brandingSchema = z.object({
  businessId: z.uuid(),
  businessName: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  fontFamily: z.enum(BRANDING_FONTS),
  language: z.enum(BRANDING_LANGUAGES),
  tonality: z.enum(BRANDING_TONALITIES),
  companyName: z.string().nullable(),
  thankYouMessage: z.string().nullable(),
  logoUrl: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
  /** Null while the business has never saved its branding (defaults apply). */
  updatedAt: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** What the branding form starts from, and sends when the owner saves without a change. */
export function brandingFormValues(branding: Branding): BrandingUpdateInput {
  return {
    primaryColor: branding.primaryColor,
    secondaryColor: branding.secondaryColor,
    accentColor: branding.accentColor,
    fontFamily: branding.fontFamily,
    language: branding.language,
    tonality: branding.tonality,
    companyName: branding.companyName ?? '',
    thankYouMessage: branding.thankYouMessage ?? '',
    logoUrl: branding.logoUrl,
  };
}

/**
 * Who the branding preview shows: a real, active person of this very business,
 * as guests see them on the tip page; null while the business has nobody to show.
 */
export const brandingPreviewSchema = z.object({
  person: z
    .object({
      displayName: z.string(),
      jobTitle: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      thankYouMessage: z.string(),
    })
    .nullable(),
});
export type BrandingPreviewData = z.infer<typeof brandingPreviewSchema>;

export const brandingLogoResponseSchema = z.object({
  logoUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
});
export type BrandingLogoUpload = z.infer<typeof brandingLogoResponseSchema>;

/** The defaults of spec §9, for a business that never saved its branding. */
export const DEFAULT_BRANDING = {
  primaryColor: DEFAULT_BRANDING_COLORS.primary,
  secondaryColor: DEFAULT_BRANDING_COLORS.secondary,
  accentColor: DEFAULT_BRANDING_COLORS.accent,
  fontFamily: 'Fira Sans',
  language: 'de',
  tonality: 'friendly',
} as const satisfies Partial<Branding>;

export const BRANDING_LOGO_MAX_MB = BRANDING_LIMITS.logoBytes / (1024 * 1024);

export const BRANDING_ERRORS = defineErrors({
  logo_too_large: {
    status: 413,
    title: 'Logo zu groß',
    message: `Logo: Die Datei darf höchstens ${BRANDING_LOGO_MAX_MB} MB groß sein.`,
  },
  logo_unsupported: {
    status: 415,
    title: 'Logo-Format nicht unterstützt',
    message: 'Logo: Bitte wählen Sie ein Bild im Format PNG, JPEG oder WebP (kein SVG).',
  },
  logo_empty: {
    status: 400,
    title: 'Kein Logo',
    message: 'Logo: Bitte wählen Sie eine Bilddatei aus.',
  },
  logo_not_found: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Logo: Das Bild wurde nicht gefunden. Bitte laden Sie das Logo erneut hoch.',
  },
});
