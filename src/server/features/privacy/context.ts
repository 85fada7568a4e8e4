import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';

/** What the privacy feature (export, account deletion) takes from the app. */
export interface PrivacyDeps {
  database: Database;
  clock: Clock;
}
