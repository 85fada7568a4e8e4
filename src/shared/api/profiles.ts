import { z } from 'zod';
import { businessScopeQuerySchema } from './businesses';
import { DEFAULT_THANK_YOU_MESSAGE } from '../domain/constants';
import { defineErrors } from '../domain/errors';

export { isProfileComplete } from '../domain/auth';
import { ROLES } from '../domain/roles';
import { STAFF_LANGUAGES } from '../domain/staff-language';
import { newPasswordSchema } from './passwords';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from '../domain/profile-messages';

// Limits and words without zod live in domain/profile-messages.ts (decision 0410).
export { PROFILE_LIMITS, PROFILE_MESSAGES } from '../domain/profile-messages';

/** Where a stored image is served; the only form a profile picture URL may take. */
export const MEDIA_URL_PATTERN =
  /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function mediaIdFromUrl(url: string): string | null {
  return MEDIA_URL_PATTERN.exec(url)?.[1] ?? null;
}

/** Empty or blank optional text becomes null, so "cleared" and "never set" look the same. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable();

const roleField = z.string().refine((value) => (ROLES as readonly string[]).includes(value), {
  message: PROFILE_MESSAGES.invalidRole,
});

/** Fields a profile update may carry (spec §7); absent fields stay as they are. */
export const profileUpdateSchema = z
  .object({
    fullName: z
      .string({ error: PROFILE_MESSAGES.fullNameRequired })
      .trim()
      .min(1, PROFILE_MESSAGES.fullNameRequired)
      .max(PROFILE_LIMITS.fullName, PROFILE_MESSAGES.fullNameTooLong),
    jobTitle: optionalText(PROFILE_LIMITS.jobTitle, PROFILE_MESSAGES.jobTitleTooLong),
    /** Blank falls back to the default message guests see. */
    thankYouMessage: z
      .string()
      .trim()
      .max(PROFILE_LIMITS.thankYouMessage, PROFILE_MESSAGES.thankYouTooLong)
      .transform((value) => (value === '' ? DEFAULT_THANK_YOU_MESSAGE : value)),
    profileImageUrl: z
      .string()
      .regex(MEDIA_URL_PATTERN, PROFILE_MESSAGES.invalidImageUrl)
      .nullable(),
    role: roleField,
  })
  .partial()
  .strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * `PATCH /api/profiles/me`: one's own profile, and during onboarding optionally a first password
 * (only while the account has none). Someone else's profile never takes a password.
 */
export const ownProfileUpdateSchema = profileUpdateSchema.extend({
  password: newPasswordSchema.optional(),
  /** The language of one's own staff screens and e-mails; only the person picks it (0383). */
  staffLanguage: z
    .enum(STAFF_LANGUAGES, { error: PROFILE_MESSAGES.invalidStaffLanguage })
    .optional(),
});
export type OwnProfileUpdateInput = z.input<typeof ownProfileUpdateSchema>;

export const payoutStatusSchema = z.enum(['none', 'pending', 'enabled', 'restricted']);

/** What the signed-in person sees of their own profile. */
export const profileSchema = z.object({
  id: z.uuid(),
  role: z.enum(ROLES),
  fullName: z.string().nullable(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  thankYouMessage: z.string(),
  profileImageUrl: z.string().nullable(),
  businessId: z.uuid().nullable(),
  payoutStatus: payoutStatusSchema,
  payoutsEnabled: z.boolean(),
  /** The language of the person's staff screens and staff e-mails (decision 0383). */
  staffLanguage: z.enum(STAFF_LANGUAGES),
});
export type Profile = z.infer<typeof profileSchema>;

/** One row of the staff list admins pick from (spec §7: id, full_name, email, job_title). */
export const staffListItemSchema = z.object({
  id: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string(),
  jobTitle: z.string().nullable(),
  role: z.enum(ROLES),
});
export const staffListSchema = z.object({ items: z.array(staffListItemSchema) });
export type StaffListItem = z.infer<typeof staffListItemSchema>;

export const staffListQuerySchema = businessScopeQuerySchema.extend({
  role: z.enum(ROLES).default('employee'),
});

export const profileIdParamsSchema = z.object({
  id: z.uuid({ message: 'Ungültige Profil-ID.' }),
});

export const PROFILE_ERRORS = defineErrors({
  profile_not_found: {
    status: 404,
    title: 'Profil nicht gefunden',
    message: 'Für dieses Konto gibt es noch kein Profil.',
  },
  profile_no_user: {
    status: 401,
    title: 'Fehler beim Speichern',
    message: 'No user logged in',
  },
  profile_role_change_forbidden: {
    status: 403,
    title: 'Keine Berechtigung',
    message: 'Sie dürfen diese Rolle nicht vergeben.',
  },
  profile_image_not_found: {
    status: 400,
    title: 'Fehler beim Speichern',
    message: 'Das Profilbild wurde nicht gefunden. Bitte laden Sie es erneut hoch.',
  },
});
