import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { GuestCodeCache } from '../payment-points/guest-cache';

/** What the server-rendered guest pages need: the database, the codes, the configuration. */
export type GuestPageContext = { database: Database; config: Config } & {
  guestCodes: Pick<GuestCodeCache, 'resolve'>;
};
