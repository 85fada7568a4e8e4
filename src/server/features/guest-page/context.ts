import type { AppDeps } from '../../app';
import type { GuestCodeCache } from '../entrypoints/cache';

/** What the server-rendered guest pages need: the database, the codes, the configuration. */
export type GuestPageContext = Pick<AppDeps, 'database' | 'config'> & {
  guestCodes: Pick<GuestCodeCache, 'resolve'>;
};
