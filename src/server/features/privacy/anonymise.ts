import { deleteTwoFactor } from '../two-factor/queries';
import { DELETED_PERSON_NAME } from '../../../shared/api/privacy';
import type { Executor } from '../../db/connect';
import {
  anonymiseAccount,
  removePersonTraces,
  selectAuditRowsAbout,
  selectBusinessIdOf,
  setAuditPayload,
} from './queries/anonymise';

/** The address an anonymised account keeps: unique, and never one that receives mail. */
export function deletedPersonEmail(id: string): string {
  return `geloescht-${id}@geloescht.invalid`;
}

/**
 * Anonymises one person inside the caller's transaction (Art. 17 GDPR): the sign-in identity and
 * profile lose name, address, password and payout account, sessions and links end, their payment
 * points and legacy codes stop working, pictures, team memberships, the guests' messages to them
 * and their replies are removed, and the audit rows about them lose their name and address.
 * Tips and team shares stay for the business's accounting, now without a name. Used by an employee deleting their own account and by the erasure of a closed
 * business (features/operator/erasure.ts).
 */
export async function anonymisePerson(
  tx: Executor,
  id: string,
  now: Date,
  options: { auditLog?: boolean } = {},
): Promise<void> {
  const placeholder = deletedPersonEmail(id);
  // The erasure of a whole business empties its audit payloads itself.
  if (options.auditLog !== false) await forgetInAuditLog(tx, id);
  await anonymiseAccount(tx, id, placeholder, now);
  // The authenticator secret and recovery codes go with the sign-in identity.
  await deleteTwoFactor(tx, id);
  await removePersonTraces(tx, id, now);
}

/**
 * Audit rows keep the names people knew at the time (decision 0340); a person who has
 * their account deleted leaves them: wherever a row is about them (its target, or `profileId`,
 * `employeeId` or a team member in its payload) the name becomes 'Gelöschte Person' and their
 * address goes. What happened, when and by whom stays. Rows of the person's business only.
 */
async function forgetInAuditLog(tx: Executor, id: string): Promise<void> {
  const businessId = await selectBusinessIdOf(tx, id);
  if (!businessId) return;
  const rows = await selectAuditRowsAbout(tx, businessId, id);
  for (const row of rows) {
    const payload = withoutPerson(row.payload, id, row.targetId === id);
    if (payload !== row.payload) {
      await setAuditPayload(tx, row.id, payload);
    }
  }
}

/** The payload with the person's name replaced and address removed; the same object if unchanged. */
function withoutPerson(
  payload: Record<string, unknown>,
  id: string,
  isTarget: boolean,
): Record<string, unknown> {
  const about = isTarget || payload.profileId === id || payload.employeeId === id;
  const next: Record<string, unknown> = { ...payload };
  let changed = false;
  if (about && 'personName' in next) {
    next.personName = DELETED_PERSON_NAME;
    changed = true;
  }
  if (about && isTarget && 'email' in next) {
    delete next.email;
    changed = true;
  }
  if (Array.isArray(next.members)) {
    next.members = next.members.map((member: unknown) => {
      if (typeof member !== 'object' || member === null) return member;
      const entry = member as Record<string, unknown>;
      if (entry.profileId !== id) return member;
      changed = true;
      return { ...entry, personName: DELETED_PERSON_NAME };
    });
  }
  return changed ? next : payload;
}
