import { z } from 'zod';
import { defineErrors } from '../domain/errors';
import { proFeatureNames } from '../i18n/admin-plan';
import {
  MAX_LOCATIONS,
  PLANS,
  PRO_FEATURES,
  type ProFeature,
  SUBSCRIPTION_STATUSES,
} from '../domain/plans';

/** What each Pro feature is called where a Basis business meets it (refusal and notice). */
export const PRO_FEATURE_NAMES: Record<ProFeature, string> = proFeatureNames;

/** The sentence a Basis business reads when it meets a Pro feature. */
export function proRequiredMessage(feature: ProFeature): string {
  return `${PRO_FEATURE_NAMES[feature]} gehört zu Trinkgeld Pro. Unter „Tarif“ können Sie Pro 30 Tage kostenlos testen oder buchen.`;
}

export const PLAN_ERRORS = defineErrors({
  plan_required: {
    status: 403,
    title: 'Trinkgeld Pro',
    message:
      'Diese Funktion gehört zu Trinkgeld Pro. Unter „Tarif“ können Sie Pro testen oder buchen.',
  },
  trial_used: {
    status: 409,
    title: 'Testphase',
    message: 'Dieser Betrieb hat Pro bereits getestet. Sie können Pro direkt buchen.',
  },
  already_pro: {
    status: 409,
    title: 'Trinkgeld Pro',
    message: 'Dieser Betrieb hat Trinkgeld Pro bereits.',
  },
  nothing_to_cancel: {
    status: 409,
    title: 'Kündigung',
    message: 'Es gibt kein gebuchtes Pro-Abonnement, das gekündigt werden kann.',
  },
  nothing_to_resume: {
    status: 409,
    title: 'Kündigung',
    message: 'Es gibt keine Kündigung, die zurückgenommen werden kann.',
  },
});

const dateTime = z.iso.datetime().nullable();

/** GET /api/admin/plan: the business's plan as the console shows it. */
export const planStateSchema = z.object({
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Why the business has Pro right now ('none' on Basis). */
  source: z.enum(['granted', 'trial', 'paid', 'grace', 'none']),
  /** When Pro ends unless a charge or a grant renews it. */
  proUntil: dateTime,
  trialEndsAt: dateTime,
  trialAvailable: z.boolean(),
  currentPeriodEnd: dateTime,
  cancelAtPeriodEnd: z.boolean(),
  /** Set while a failed charge is being retried: Pro is kept until then. */
  graceEndsAt: dateTime,
  grantedUntil: dateTime,
  locations: z.number().int().min(1),
  priceCentsPerLocation: z.number().int(),
  vatPercent: z.number().int(),
  entitlements: z.record(z.enum(PRO_FEATURES), z.boolean()),
  sharedPoints: z.object({ used: z.number().int(), allowance: z.number().int().nullable() }),
});
export type PlanState = z.infer<typeof planStateSchema>;

/** POST /api/admin/plan/checkout: how many locations to book. */
export const planCheckoutSchema = z.object({
  locations: z
    .number({ error: 'Bitte geben Sie die Zahl der Standorte an.' })
    .int({ error: 'Bitte geben Sie eine ganze Zahl von Standorten an.' })
    .min(1, { error: 'Mindestens ein Standort.' })
    .max(MAX_LOCATIONS, { error: `Höchstens ${MAX_LOCATIONS} Standorte.` }),
});
export type PlanCheckout = z.infer<typeof planCheckoutSchema>;

/** POST /api/admin/businesses/{id}/plan-grant: the operator's grant of Pro (a pilot hotel). */
export const planGrantSchema = z.object({
  /** The last day of the grant (YYYY-MM-DD, Europe/Berlin, through its end); null ends a grant. */
  until: z.iso.date({ error: 'Bitte geben Sie ein gültiges Datum an.' }).nullable(),
  reason: z
    .string({ error: 'Bitte geben Sie einen Grund an.' })
    .trim()
    .min(3, { error: 'Bitte geben Sie einen Grund an (mindestens 3 Zeichen).' })
    .max(300, { error: 'Der Grund darf höchstens 300 Zeichen lang sein.' }),
});
export type PlanGrant = z.infer<typeof planGrantSchema>;
