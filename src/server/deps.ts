import type { Config } from './config';
import type { Database } from './db/connect';
import type { IntegrationSync } from './features/integration/sync';
import type { AppMetrics } from './features/metrics/registry';
import type { Mailer } from './features/mail/mailer';
import type { JobRuns } from './lib/job-runs';
import type { Clock } from './lib/clock';

/** Everything a feature may use, created once in main.ts (or by a test) and passed in. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** Where this instance's periodic jobs report each run (metrics, status view). */
  jobRuns: JobRuns;
  /**
   * This process's id in `instance_heartbeats` (decision 0404), so the status view marks the
   * instance that answered; absent where no heartbeat runs (tests that build the app alone).
   */
  instanceId?: string;
  /**
   * This app's metrics (GET /metrics, decision 0400). buildApp makes one when absent, so
   * `app.deps.metrics` is always set; main passes its own so the jobs count into the same one.
   */
  metrics?: AppMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Background registration of payment points with the AiO service. */
    integrationSync: IntegrationSync;
    /** Every route the server offers, as "METHOD /url" (HEAD twins left out). */
    routeList: readonly string[];
  }
}
