import { z } from 'zod';
import { ENTRYPOINT_TYPES } from '../domain/tips';

/** The order in which the showcase lists its groups: people first, then teams, then places. */
export const SHOWCASE_GROUP_ORDER = [
  'person',
  'team',
  'object',
] as const satisfies readonly (typeof ENTRYPOINT_TYPES)[number][];

/** A public endpoint must never return an unbounded list. */
export const SHOWCASE_MAX_ENTRIES = 60;

/** One demo payment point, reduced to what a guest would see on the printed QR card anyway. */
export const showcaseEntrySchema = z.object({
  uid: z.string().meta({ description: 'Kennung des Bezahlpunkts, Teil des Trinkgeld-Links.' }),
  label: z.string().meta({ description: 'Anzeigename (Person, Team oder Ort).' }),
  type: z.enum(ENTRYPOINT_TYPES),
  department: z.string().nullable(),
  shift: z.string().nullable(),
  location: z.string().nullable(),
  tipUrl: z
    .string()
    .meta({ description: 'Der Trinkgeld-Link {origin}/t/{uid}, Inhalt des QR-Codes.' }),
});
export type ShowcaseEntry = z.infer<typeof showcaseEntrySchema>;

export const showcaseGroupSchema = z.object({
  type: z.enum(ENTRYPOINT_TYPES),
  entries: z.array(showcaseEntrySchema),
});
export type ShowcaseGroup = z.infer<typeof showcaseGroupSchema>;

export const showcaseResponseSchema = z.object({
  groups: z.array(showcaseGroupSchema).meta({
    description:
      'Aktive Demo-Bezahlpunkte, gruppiert nach Typ (Person, Team, Objekt); leere Gruppen entfallen.',
  }),
});
export type ShowcaseResponse = z.infer<typeof showcaseResponseSchema>;
