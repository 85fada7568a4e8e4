import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { isValidDay, isValidTime, SHIFT_DAYS_AHEAD, SHIFT_TARGET_KINDS } from '../domain/shifts';
import { businessScopeQuerySchema } from './businesses';

/** Shift assignments (decision 0122): who serves a room, table or team when. */
export const SHIFT_MESSAGES = {
  targetKind: 'Ziel: Bitte wählen Sie einen Bezahlpunkt oder ein Team.',
  targetId: 'Ziel: Ungültige ID.',
  profileId: 'Mitarbeiter: Ungültige Mitarbeiter-ID.',
  day: 'Datum: Bitte ein gültiges Datum im Format JJJJ-MM-TT.',
  time: 'Uhrzeit: Bitte eine Uhrzeit im Format HH:MM.',
  timesTogether:
    'Uhrzeit: Bitte Beginn und Ende angeben – oder keins von beiden für den ganzen Tag.',
  sameTimes: 'Uhrzeit: Beginn und Ende dürfen nicht gleich sein.',
} as const;

const day = z
  .string({ error: SHIFT_MESSAGES.day })
  .refine(isValidDay, { message: SHIFT_MESSAGES.day });
const time = z
  .string({ error: SHIFT_MESSAGES.time })
  .refine(isValidTime, { message: SHIFT_MESSAGES.time });
const targetKind = z.enum(SHIFT_TARGET_KINDS, { error: SHIFT_MESSAGES.targetKind });

export const shiftCreateSchema = z
  .object({
    targetKind,
    targetId: z.uuid({ error: SHIFT_MESSAGES.targetId }),
    profileId: z.uuid({ error: SHIFT_MESSAGES.profileId }),
    day,
    startTime: time.nullable().optional(),
    endTime: time.nullable().optional(),
  })
  .strict()
  .superRefine((value, context) => {
    const start = value.startTime ?? null;
    const end = value.endTime ?? null;
    if ((start === null) !== (end === null)) {
      context.addIssue({
        code: 'custom',
        path: [start === null ? 'startTime' : 'endTime'],
        message: SHIFT_MESSAGES.timesTogether,
      });
    } else if (start !== null && start === end) {
      context.addIssue({ code: 'custom', path: ['endTime'], message: SHIFT_MESSAGES.sameTimes });
    }
  });
export type ShiftCreateInput = z.input<typeof shiftCreateSchema>;
export type ShiftCreate = z.output<typeof shiftCreateSchema>;

export const shiftCopyWeekSchema = z
  .object({ targetKind, targetId: z.uuid({ error: SHIFT_MESSAGES.targetId }), fromDay: day })
  .strict();
export type ShiftCopyWeek = z.output<typeof shiftCopyWeekSchema>;

export const shiftQuerySchema = businessScopeQuerySchema;
export const shiftParamsSchema = z.object({ id: z.uuid({ error: 'Ungültige Einteilungs-ID.' }) });

export const shiftAssignmentSchema = z.object({
  id: z.uuid(),
  targetKind: z.enum(SHIFT_TARGET_KINDS),
  targetId: z.uuid(),
  profileId: z.uuid(),
  personName: z.string(),
  day: z.string(),
  /** Null for the whole day. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type ShiftAssignment = z.infer<typeof shiftAssignmentSchema>;

export const shiftBoardSchema = z.object({
  /** Today where the business is (Europe/Berlin) and the days that can be planned. */
  today: z.string(),
  days: z.array(z.string()),
  targets: z.array(
    z.object({
      kind: z.enum(SHIFT_TARGET_KINDS),
      id: z.uuid(),
      label: z.string(),
      /** For a point: the team it falls back to, if any. */
      teamName: z.string().nullable(),
    }),
  ),
  people: z.array(z.object({ id: z.uuid(), name: z.string() })),
  assignments: z.array(shiftAssignmentSchema),
});
export type ShiftBoard = z.infer<typeof shiftBoardSchema>;

export const shiftCopyResultSchema = z.object({
  copied: z.number().int(),
  removed: z.number().int(),
});
export type ShiftCopyResult = z.infer<typeof shiftCopyResultSchema>;

export const SHIFT_ERRORS = defineErrors({
  shift_target_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Ziel: Dieser Bezahlpunkt oder dieses Team gehört nicht zu diesem Betrieb.',
  },
  shift_point_not_object: {
    status: 400,
    title: 'Eingabefehler',
    message:
      'Ziel: Nach Dienst zugeordnet werden nur Objekte (Tisch, Zimmer, Bar) und Teams, keine persönlichen Bezahlpunkte.',
  },
  shift_person_not_found: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Mitarbeiter: Diese Person gehört nicht zu diesem Betrieb oder ist deaktiviert.',
  },
  shift_day_out_of_range: {
    status: 400,
    title: 'Eingabefehler',
    message: `Datum: Bitte einen Tag von heute bis in ${SHIFT_DAYS_AHEAD} Tagen wählen.`,
  },
  shift_copy_overlap: {
    status: 409,
    title: 'Überschneidung',
    message:
      'Woche kopieren: Eine kopierte Einteilung würde sich mit einer bestehenden überschneiden (etwa einer Nachtschicht bis zum Folgetag). Bitte passen Sie den Plan zuerst an.',
  },
  shift_overlap: {
    status: 409,
    title: 'Überschneidung',
    message: 'Einteilung: Diese Person ist hier in dieser Zeit schon eingeteilt.',
  },
  shift_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Einteilung: Diese Einteilung wurde in diesem Betrieb nicht gefunden.',
  },
});

/**
 * The plan form of /admin/shifts: the target comes from the page; empty times mean the whole
 * day. The page turns the values into a `shiftCreateSchema` body.
 */
export const shiftFormSchema = z
  .object({
    profileId: z.string().min(1, 'Mitarbeiter: Bitte wählen Sie eine Person aus.'),
    day,
    startTime: z.string(),
    endTime: z.string(),
  })
  .superRefine((value, context) => {
    for (const field of ['startTime', 'endTime'] as const) {
      if (value[field] !== '' && !isValidTime(value[field])) {
        context.addIssue({ code: 'custom', path: [field], message: SHIFT_MESSAGES.time });
      }
    }
    if ((value.startTime === '') !== (value.endTime === '')) {
      context.addIssue({
        code: 'custom',
        path: [value.startTime === '' ? 'startTime' : 'endTime'],
        message: SHIFT_MESSAGES.timesTogether,
      });
    } else if (value.startTime !== '' && value.startTime === value.endTime) {
      context.addIssue({ code: 'custom', path: ['endTime'], message: SHIFT_MESSAGES.sameTimes });
    }
  });
export type ShiftFormInput = z.input<typeof shiftFormSchema>;
