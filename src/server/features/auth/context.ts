import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail/mailer';

/** What sign-in, sessions and magic links need from the app (not the whole of it). */
export interface AuthDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
}
