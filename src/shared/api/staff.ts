import { z } from 'zod';
import { INVITATION_DELIVERY_STATES } from '../domain/invitation-delivery';
import { defineErrors } from '../domain/errors';
import { ROLES } from '../domain/roles';
import { businessScopeQuerySchema } from './businesses';

/** Staff management at /admin/users. */

export const STAFF_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  active: 'Aktiv',
  invited: 'Eingeladen',
  deactivated: 'Deaktiviert',
};

export const STAFF_MESSAGES = {
  emailInvalid: 'E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  roleInvalid: 'Rolle: Bitte wählen Sie eine gültige Rolle.',
  searchTooLong: 'Suche: höchstens 100 Zeichen.',
} as const;

export const staffUsersQuerySchema = businessScopeQuerySchema.extend({
  search: z.string().trim().max(100, STAFF_MESSAGES.searchTooLong).optional(),
});

const roleField = z.enum(ROLES, { error: STAFF_MESSAGES.roleInvalid });

export const staffInviteSchema = z
  .object({
    email: z
      .string({ error: STAFF_MESSAGES.emailInvalid })
      .trim()
      .toLowerCase()
      .max(254, STAFF_MESSAGES.emailInvalid)
      .pipe(z.email({ error: STAFF_MESSAGES.emailInvalid })),
    role: roleField.default('employee'),
  })
  .strict();
export type StaffInviteInput = z.input<typeof staffInviteSchema>;
export type StaffInvite = z.output<typeof staffInviteSchema>;

export const staffRoleSchema = z.object({ role: roleField }).strict();
export type StaffRoleInput = z.infer<typeof staffRoleSchema>;

export const staffUserParamsSchema = z.object({
  id: z.uuid({ error: 'Ungültige Benutzer-ID.' }),
});

/**
 * What the signed-in person may do to one person of the list: computed on
 * the server by the same policy functions that decide the requests (features/staff/permissions.ts),
 * so the page offers exactly these and works no rule out itself.
 */
export const staffAllowedActionsSchema = z.object({
  /** The roles the person may be given instead of their current one; empty: no 'Rolle ändern'. */
  changeRole: z.array(z.enum(ROLES)),
  deactivate: z.boolean(),
  reactivate: z.boolean(),
  resendInvitation: z.boolean(),
  resetTwoFactor: z.boolean(),
});
export type StaffAllowedActions = z.infer<typeof staffAllowedActionsSchema>;

/** What the signed-in person may do on the page itself, in the business it shows. */
export const staffListPermissionsSchema = z.object({
  /** The roles the invitation form offers; empty: no invitations. */
  inviteRoles: z.array(z.enum(ROLES)),
});
export type StaffListPermissions = z.infer<typeof staffListPermissionsSchema>;

export const staffUserSchema = z.object({
  id: z.uuid(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  teams: z.array(z.string()),
  status: z.enum(STAFF_STATUSES),
  lastLoginAt: z.string().nullable(),
  /** For invited people: when the newest invitation link stops working. */
  invitationExpiresAt: z.string().nullable(),
  /** For invited people: where the invitation e-mail stands (decision 0500). */
  invitationDelivery: z.enum(INVITATION_DELIVERY_STATES).nullable(),
  /** Two-factor sign-in is on: 'Zwei-Faktor zurücksetzen' is offered. */
  twoFactorEnabled: z.boolean(),
  /** What the signed-in person may do to this person. */
  allowedActions: staffAllowedActionsSchema,
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffUserListSchema = z.object({
  items: z.array(staffUserSchema),
  permissions: staffListPermissionsSchema,
});
export type StaffUserList = z.infer<typeof staffUserListSchema>;

export const STAFF_ERRORS = defineErrors({
  staff_user_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Benutzer: Diese Person wurde in diesem Betrieb nicht gefunden.',
  },
  staff_email_taken: {
    status: 409,
    title: 'Fehler',
    message: 'E-Mail: Diese Adresse gehört bereits zu einem Benutzer.',
  },
  staff_self: {
    status: 403,
    title: 'Keine Berechtigung',
    message: 'Sie können Ihre eigene Rolle oder Ihr eigenes Konto hier nicht ändern.',
  },
  staff_admin_only: {
    status: 403,
    title: 'Keine Berechtigung',
    message:
      'Rolle: Nur der Plattform-Administrator vergibt oder entzieht die Rolle Administrator.',
  },
  staff_other_owner: {
    status: 403,
    title: 'Keine Berechtigung',
    message:
      'Ein Geschäftsinhaber kann einen anderen Geschäftsinhaber nicht ändern oder deaktivieren.',
  },
  staff_last_owner: {
    status: 409,
    title: 'Fehler',
    message:
      'Der letzte Geschäftsinhaber eines Betriebs kann nicht herabgestuft oder deaktiviert werden.',
  },
  staff_forbidden: {
    status: 403,
    title: 'Keine Berechtigung',
    message: 'Sie dürfen diese Person nicht verwalten.',
  },
  staff_not_invited: {
    status: 409,
    title: 'Fehler',
    message: 'Diese Person hat ihre Einladung bereits angenommen.',
  },
  staff_already_deactivated: {
    status: 409,
    title: 'Fehler',
    message: 'Diese Person ist bereits deaktiviert.',
  },
  staff_not_deactivated: {
    status: 409,
    title: 'Fehler',
    message: 'Diese Person ist nicht deaktiviert.',
  },
});
