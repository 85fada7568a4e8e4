import type { AppDeps } from '../../app';

/** What the server-rendered guest pages need: the database, the clock and the configuration. */
export type GuestPageContext = Pick<AppDeps, 'database' | 'clock' | 'config'>;
