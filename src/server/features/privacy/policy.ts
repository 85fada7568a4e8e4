import type { Actor } from '../auth/actor';

/**
 * Who may delete their own account: employees. Owners and the platform admin first hand their
 * role over, so no business is left without an owner and nobody deletes the operator by mistake.
 */
export function canDeleteOwnAccount(actor: Pick<Actor, 'role'>): boolean {
  return actor.role === 'employee';
}

/** Everyone signed in may download their own data, and only their own. */
export function canExportOwnData(actor: Pick<Actor, 'userId'>, subjectId: string): boolean {
  return actor.userId === subjectId;
}
