import { STAFF_ERRORS } from '../../../shared/api/staff';
import type { Database } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { Clock } from '../../lib/clock';
import type { AuditedBusinessScope } from '../businesses/scope';
import type { Mailer } from '../mail/mailer';
import type { StaffDecision } from './policy';
import type { StaffUserRow } from './queries';

export type { StaffUserRow } from './queries';

/** What /admin/users needs from the app. */
export interface StaffContext {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  publicOrigin: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
  /** Counts invitation mails per business and per address (limits.ts). */
  rateLimiter: Pick<RateLimiter, 'consume' | 'release'>;
  /** Keys the per-address counts, so the limiter's table holds no address (SESSION_SECRET). */
  sessionSecret: string;
}

export type StaffScope = AuditedBusinessScope;

/** What writing and sending an invitation mail needs (the retry job has no rate limiter). */
export type InvitationMailContext = Pick<
  StaffContext,
  'database' | 'clock' | 'mailer' | 'publicOrigin' | 'log'
>;

/** The people of a business with the facts the rules need to say what may be done to them. */
export interface StaffListing {
  rows: StaffUserRow[];
  /** Active owners of the business (the last one is never demoted or deactivated). */
  activeOwners: number;
}

/** One person after a change, with the same facts. */
export interface StaffOne {
  row: StaffUserRow;
  activeOwners: number;
}

/** A refused decision as the German error the browser shows. */
export function assertAllowed(decision: StaffDecision): void {
  if (decision.allowed) return;
  switch (decision.reason) {
    case 'self':
      throw new AppError(STAFF_ERRORS.staff_self);
    case 'admin_only':
      throw new AppError(STAFF_ERRORS.staff_admin_only);
    case 'other_owner':
      throw new AppError(STAFF_ERRORS.staff_other_owner);
    case 'last_owner':
      throw new AppError(STAFF_ERRORS.staff_last_owner);
    case 'other_business':
      // Another business's people do not exist for this actor.
      throw new AppError(STAFF_ERRORS.staff_user_not_found);
    default:
      throw new AppError(STAFF_ERRORS.staff_forbidden);
  }
}
