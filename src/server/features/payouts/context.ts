import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';

/** What the payout feature takes from the app (not the whole of it). */
export interface PayoutDeps {
  database: Database;
  clock: Clock;
  config: Config;
}
