import { newPasswordSchema } from '../../../shared/api/passwords';

/**
 * The server's rules for a newly chosen password, beyond the shared schema's length.
 * Every place that stores a chosen password calls this before hashing.
 * Issue 29 part 5 adds the common-password list here.
 */
export function assertNewPasswordAllowed(password: string): void {
  newPasswordSchema.parse(password);
}
