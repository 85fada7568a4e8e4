import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { SHIFT_TARGET_KINDS } from '../domain/shifts';
import { businessScopeQuerySchema } from './businesses';

/** 'Dienstplan importieren' (decision 0670): a rota CSV file becomes shift assignments. */
export const ROTA_MAX_BYTES = 1024 * 1024;
export const ROTA_MAX_LINES = 5000;
/** An end before the start runs past midnight when the shift then lasts at most this long. */
export const ROTA_OVERNIGHT_MAX_MINUTES = 16 * 60;

/** What a column can mean: person (e-mail or person ID), day, start, end, team or point. */
export const ROTA_FIELDS = ['person', 'day', 'start', 'end', 'target'] as const;
export type RotaField = (typeof ROTA_FIELDS)[number];

export const ROTA_FIELD_LABELS: Record<RotaField, string> = {
  person: 'E-Mail oder Mitarbeiter-ID',
  day: 'Datum',
  start: 'Beginn',
  end: 'Ende',
  target: 'Team oder Bezahlpunkt (optional)',
};

const column = z
  .string({ error: 'Spalte: Bitte eine Spalte der Datei wählen.' })
  .min(1, { error: 'Spalte: Bitte eine Spalte der Datei wählen.' })
  .max(200);

/** Which column (by its header) holds what; `target` null: every line goes to `defaultTarget`. */
export const rotaMappingSchema = z
  .object({
    person: column,
    day: column,
    start: column,
    end: column,
    target: column.nullable().default(null),
  })
  .strict();
export type RotaMapping = z.output<typeof rotaMappingSchema>;

const targetSchema = z
  .object({
    kind: z.enum(SHIFT_TARGET_KINDS, {
      error: 'Ziel: Bitte ein Team oder einen Bezahlpunkt wählen.',
    }),
    id: z.uuid({ error: 'Ziel: Ungültige ID.' }),
  })
  .strict();

// Base64 of at most ROTA_MAX_BYTES bytes.
const BASE64_MAX = Math.ceil(ROTA_MAX_BYTES / 3) * 4;

export const rotaImportBodySchema = z
  .object({
    /** The file's bytes, Base64-encoded (the browser reads the file; no multipart upload). */
    file: z
      .string({ error: 'Datei: Bitte eine CSV-Datei wählen.' })
      .min(1, { error: 'Datei: Bitte eine CSV-Datei wählen.' })
      .max(BASE64_MAX, { error: 'Datei: Die Datei ist größer als 1 MB.' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'Datei: Die Datei konnte nicht gelesen werden.' }),
    fileName: z.string().max(200).optional(),
    /** Absent: the business's last mapping, else one guessed from the header names. */
    mapping: rotaMappingSchema.optional(),
    /** Where lines without team or point go; null: such lines are a problem. */
    defaultTarget: targetSchema.nullable().default(null),
  })
  .strict();
export type RotaImportBody = z.output<typeof rotaImportBodySchema>;
export type RotaImportBodyInput = z.input<typeof rotaImportBodySchema>;

export const rotaImportQuerySchema = businessScopeQuerySchema;

export const ROTA_LINE_STATES = ['new', 'unchanged', 'problem'] as const;

export const rotaPreviewLineSchema = z.object({
  line: z.number().int(),
  state: z.enum(ROTA_LINE_STATES),
  personName: z.string().nullable(),
  /** The value of the person column as written. */
  person: z.string(),
  day: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Whether the shift ends on the day after its start day (it counts to the start day). */
  overnight: z.boolean(),
  targetName: z.string().nullable(),
  problems: z.array(z.string()),
});
export type RotaPreviewLine = z.infer<typeof rotaPreviewLineSchema>;

export const rotaPreviewSchema = z.object({
  encoding: z.enum(['utf-8', 'windows-1252']),
  separator: z.enum([';', ',']),
  columns: z.array(z.string()),
  /** The mapping used (null: the columns could not be mapped yet — choose them). */
  mapping: rotaMappingSchema.nullable(),
  /** The mapping guessed or remembered, complete or not, for the mapping step. */
  suggested: z.partialRecord(z.enum(ROTA_FIELDS), z.string().nullable()),
  /** The first and last day a line may name (Europe/Berlin). */
  firstDay: z.string(),
  lastDay: z.string(),
  lines: z.array(rotaPreviewLineSchema),
  counts: z.object({
    new: z.number().int(),
    unchanged: z.number().int(),
    problem: z.number().int(),
  }),
});
export type RotaPreview = z.infer<typeof rotaPreviewSchema>;

export const rotaImportResultSchema = z.object({
  created: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});
export type RotaImportResult = z.infer<typeof rotaImportResultSchema>;

export const ROTA_ERRORS = defineErrors({
  rota_file_empty: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Datei: Die Datei ist leer.',
  },
  rota_file_too_large: {
    status: 413,
    title: 'Datei zu groß',
    message: 'Datei: Die Datei ist größer als 1 MB.',
  },
  rota_file_too_many_lines: {
    status: 400,
    title: 'Eingabefehler',
    message: `Datei: Die Datei hat mehr als ${ROTA_MAX_LINES.toLocaleString('de-DE')} Zeilen. Bitte teilen Sie sie auf.`,
  },
  rota_file_no_header: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Datei: Die erste Zeile muss die Spaltennamen enthalten.',
  },
  rota_mapping_missing: {
    status: 400,
    title: 'Eingabefehler',
    message:
      'Spalten: Bitte ordnen Sie Person, Datum, Beginn und Ende je einer Spalte der Datei zu.',
  },
  rota_target_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Ziel: Dieser Bezahlpunkt oder dieses Team gehört nicht zu diesem Betrieb.',
  },
});

/** The import form of /admin/shifts (the file is chosen separately). */
export const rotaMappingFormSchema = z.object({
  person: z.string().min(1, 'Person: Bitte eine Spalte wählen.'),
  day: z.string().min(1, 'Datum: Bitte eine Spalte wählen.'),
  start: z.string().min(1, 'Beginn: Bitte eine Spalte wählen.'),
  end: z.string().min(1, 'Ende: Bitte eine Spalte wählen.'),
  target: z.string(),
  defaultTarget: z.string(),
});
export type RotaMappingForm = z.infer<typeof rotaMappingFormSchema>;
