import { INACTIVITY_TIMEOUT_MS } from '../../../shared/domain/constants';

/** The idle deadline after activity at `now`: 15 minutes on, never past the absolute end. */
export function idleDeadline(now: Date, absoluteExpiresAt: Date): Date {
  const idle = new Date(now.getTime() + INACTIVITY_TIMEOUT_MS);
  return idle < absoluteExpiresAt ? idle : absoluteExpiresAt;
}

export function isSessionActive(
  session: { idleExpiresAt: Date; absoluteExpiresAt: Date },
  now: Date,
): boolean {
  return session.idleExpiresAt > now && session.absoluteExpiresAt > now;
}
