import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { Metrics } from '../metrics/metrics';

/** What the payout feature takes from the app (not the whole of it). */
export interface PayoutDeps {
  database: Database;
  clock: Clock;
  config: Config;
  /** Absent (tools, tests without an app): nothing is counted. */
  metrics?: Metrics | undefined;
}
