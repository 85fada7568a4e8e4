import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/** GDPR: an employee's own data export and deletion. */
export const PRIVACY_ERRORS = defineErrors({
  privacy_owner_cannot_delete: {
    status: 409,
    title: 'Löschung nicht möglich',
    message:
      'Inhaber und Administratoren können ihr Konto nicht selbst löschen. Bitte übertragen Sie die Rolle zuerst oder wenden Sie sich an den Betreiber.',
  },
});

export const deletionRequestSchema = z.object({
  confirm: z.literal(true, { error: 'Bitte bestätigen Sie die Löschung.' }),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

export const deletionResultSchema = z.object({ deleted: z.literal(true) });

/** The name a deleted person's tips and audit rows show from then on. */
export const DELETED_PERSON_NAME = 'Gelöschte Person';
