import type { Db } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import type { AppleWalletKeys, GoogleWalletKeys } from './keys';

/** What the wallet feature needs from the app. */
export interface WalletContext {
  db: Db;
  clock: Clock;
  /** PUBLIC_ORIGIN: the barcode is {origin}/t/{uid}. */
  origin: string;
  /** Null: not configured here; the endpoints answer 404 and the buttons say so. */
  apple: AppleWalletKeys | null;
  google: GoogleWalletKeys | null;
}
