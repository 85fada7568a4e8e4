import type { PasswordLinkStatus, PasswordStatus } from '../../../shared/api/passwords';

/** Whether the person has a password; never the hash itself. */
export function presentPasswordStatus(row: { passwordHash: string | null }): PasswordStatus {
  return { hasPassword: row.passwordHash !== null };
}

/** What the set-password page shows about a link it may use: whose password it sets. */
export function presentLinkStatus(row: { email: string }): PasswordLinkStatus {
  return { email: row.email };
}
