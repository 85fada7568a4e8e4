import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { parsePointsMilli } from '../domain/hours-split';
import { TEAM_SPLIT_RULES } from '../domain/team-split';
import { businessScopeQuerySchema } from './businesses';

/** Teams of a business: name, split rule, members with points. */
export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_WEIGHT_MAX = 1000;

export const TEAM_MESSAGES = {
  nameRequired: 'Name: Bitte geben Sie einen Namen ein.',
  nameTooLong: `Name: höchstens ${TEAM_NAME_MAX_LENGTH} Zeichen.`,
  ruleInvalid:
    'Aufteilung: Bitte wählen Sie „zu gleichen Teilen“, „gewichtet“ oder „nach Arbeitsstunden“.',
  weightInvalid: `Gewicht: Bitte eine ganze Zahl von 1 bis ${TEAM_WEIGHT_MAX}.`,
  memberInvalid: 'Mitglied: Ungültige Mitarbeiter-ID.',
  memberTwice: 'Mitglied: Jede Person kann nur einmal im Team sein.',
  pointsMin: 'Punkte: Bei gewichteter Aufteilung braucht jedes Mitglied mindestens 1 Punkt.',
} as const;

const name = z
  .string({ error: TEAM_MESSAGES.nameRequired })
  .trim()
  .min(1, TEAM_MESSAGES.nameRequired)
  .max(TEAM_NAME_MAX_LENGTH, TEAM_MESSAGES.nameTooLong);
const splitRule = z.enum(TEAM_SPLIT_RULES, { error: TEAM_MESSAGES.ruleInvalid });

export const teamCreateSchema = z.object({ name, splitRule: splitRule.default('equal') }).strict();
export type TeamCreateInput = z.input<typeof teamCreateSchema>;

export const teamUpdateSchema = z
  .object({ name: name.optional(), splitRule: splitRule.optional() })
  .strict();
export type TeamUpdateInput = z.input<typeof teamUpdateSchema>;

const memberList = z
  .array(
    z
      .object({
        profileId: z.uuid({ error: TEAM_MESSAGES.memberInvalid }),
        weight: z
          .number({ error: TEAM_MESSAGES.weightInvalid })
          .int(TEAM_MESSAGES.weightInvalid)
          .min(1, TEAM_MESSAGES.weightInvalid)
          .max(TEAM_WEIGHT_MAX, TEAM_MESSAGES.weightInvalid)
          .default(1),
      })
      .strict(),
  )
  .max(200);

function noOneTwice(
  value: { members: readonly { profileId: string }[] },
  context: z.RefinementCtx,
) {
  const seen = new Set<string>();
  value.members.forEach((member, index) => {
    if (seen.has(member.profileId)) {
      context.addIssue({
        code: 'custom',
        path: ['members', index, 'profileId'],
        message: TEAM_MESSAGES.memberTwice,
      });
    }
    seen.add(member.profileId);
  });
}

export const teamMembersSchema = z.object({ members: memberList }).strict().superRefine(noOneTwice);
export type TeamMembersInput = z.input<typeof teamMembersSchema>;

/**
 * The whole team in one request (decision 0390): name, split rule and members
 * are validated together and saved in one transaction. A weighted split needs every member's
 * points >= 1 (said on the points field, before anything is saved).
 */
export const teamSaveSchema = z
  .object({
    name,
    splitRule,
    members: z.array(
      z
        .object({
          profileId: z.uuid({ error: TEAM_MESSAGES.memberInvalid }),
          weight: z.number({ error: TEAM_MESSAGES.weightInvalid }).default(1),
        })
        .strict(),
    ),
  })
  .strict()
  .superRefine((value, context) => {
    value.members.forEach((member, index) => {
      const weight = member.weight;
      if (value.splitRule === 'weighted' && weight < 1) {
        context.addIssue({
          code: 'custom',
          path: ['members', index, 'weight'],
          message: TEAM_MESSAGES.pointsMin,
        });
      } else if (!Number.isInteger(weight) || weight < 1 || weight > TEAM_WEIGHT_MAX) {
        // An equal split ignores points; a member added there keeps 1 when the weight is invalid.
        if (value.splitRule === 'weighted') {
          context.addIssue({
            code: 'custom',
            path: ['members', index, 'weight'],
            message: TEAM_MESSAGES.weightInvalid,
          });
        }
      }
    });
    if (value.members.length > 200) {
      context.addIssue({ code: 'custom', path: ['members'], message: TEAM_MESSAGES.memberInvalid });
    }
    noOneTwice(value, context);
  });
export type TeamSaveInput = z.input<typeof teamSaveSchema>;
export type TeamSaveValues = z.output<typeof teamSaveSchema>;

export const teamParamsSchema = z.object({ id: z.uuid({ error: 'Ungültige Team-ID.' }) });
export const teamQuerySchema = businessScopeQuerySchema;

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  splitRule: z.enum(TEAM_SPLIT_RULES),
  members: z.array(
    z.object({
      profileId: z.uuid(),
      fullName: z.string().nullable(),
      email: z.string(),
      weight: z.number().int(),
    }),
  ),
  /** Active payment points that tip this team. */
  pointCount: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamListSchema = z.object({ items: z.array(teamSchema) });
export type TeamList = z.infer<typeof teamListSchema>;

export const TEAM_ERRORS = defineErrors({
  team_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Team: Dieses Team wurde in diesem Betrieb nicht gefunden.',
  },
  team_member_not_found: {
    status: 400,
    title: 'Eingabefehler',
    message: 'Mitglied: Diese Person gehört nicht zu diesem Betrieb.',
  },
  team_has_points: {
    status: 409,
    title: 'Fehler',
    message:
      'Team: Es gibt noch aktive Bezahlpunkte für dieses Team. Bitte deaktivieren Sie diese zuerst.',
  },
});

/**
 * Transparency for team members (decision 0122): the tips of the signed-in
 * person's teams and how each was split among all members, with the reason; never a guest's
 * identity (a tip carries none but its words).
 */
export const teamTipsQuerySchema = z.object({
  period: z
    .enum(['day', 'week', 'month'], { error: 'Zeitraum: Tag, Woche oder Monat.' })
    .default('week'),
});
export const teamTipShareSchema = z.object({
  name: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  /** The signed-in person's own share. */
  mine: z.boolean(),
});
export const teamTipSchema = z.object({
  id: z.uuid(),
  teamName: z.string(),
  createdAt: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  guestMessage: z.string().nullable(),
  feedbackEmoji: z.enum(['smile', 'clap', 'pray']).nullable(),
  feedbackMessage: z.string().nullable(),
  /** Empty while the tip waits in the owner's pool (a team without members on that day). */
  shares: z.array(teamTipShareSchema),
});
export type TeamTip = z.infer<typeof teamTipSchema>;
export const teamTipsSchema = z.object({
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  items: z.array(teamTipSchema),
  /** At most this many tips are listed, newest first. */
  limit: z.number().int(),
});
export type TeamTips = z.infer<typeof teamTipsSchema>;

/**
 * Points for splits by hours ('Punkte je Rolle', decision 0660): per person, with the role they
 * stand for ("Küche"), as a number with at most three decimals from 0,001 to 10; kept in
 * thousandths. People not listed count 1.
 */
export const WORK_POINTS_MESSAGES = {
  points: 'Punkte: Bitte eine Zahl von 0,001 bis 10 mit höchstens drei Nachkommastellen.',
  role: 'Rolle: höchstens 60 Zeichen.',
  person: 'Mitarbeiter: Ungültige Mitarbeiter-ID.',
  twice: 'Mitarbeiter: Jede Person nur einmal.',
  notFound: 'Mitarbeiter: Diese Person gehört nicht zu diesem Betrieb.',
} as const;

export const workPointsSaveSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            profileId: z.uuid({ error: WORK_POINTS_MESSAGES.person }),
            points: z
              .union([z.string(), z.number()], { error: WORK_POINTS_MESSAGES.points })
              .transform((value, context) => {
                const milli = parsePointsMilli(value);
                if (milli === null) {
                  context.addIssue({ code: 'custom', message: WORK_POINTS_MESSAGES.points });
                  return z.NEVER;
                }
                return milli;
              }),
            role: z.string().trim().max(60, WORK_POINTS_MESSAGES.role).default(''),
          })
          .strict(),
      )
      .max(500),
  })
  .strict()
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.items.forEach((item, index) => {
      if (seen.has(item.profileId)) {
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'profileId'],
          message: WORK_POINTS_MESSAGES.twice,
        });
      }
      seen.add(item.profileId);
    });
  });
export type WorkPointsSaveInput = z.input<typeof workPointsSaveSchema>;
export type WorkPointsSaveValues = z.output<typeof workPointsSaveSchema>;

export const workPointsSchema = z.object({
  items: z.array(
    z.object({
      profileId: z.uuid(),
      name: z.string(),
      /** Thousandths of a point (1000 = 1). */
      pointsMilli: z.number().int(),
      role: z.string(),
    }),
  ),
});
export type WorkPoints = z.infer<typeof workPointsSchema>;

export const WORK_POINTS_ERRORS = defineErrors({
  work_points_person_not_found: {
    status: 400,
    title: 'Eingabefehler',
    message: WORK_POINTS_MESSAGES.notFound,
  },
});
