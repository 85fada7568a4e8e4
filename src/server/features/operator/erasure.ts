import type { Database, Executor } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { anonymisePerson } from '../privacy/anonymise';
import { isErasureDue } from './policy';
import {
  claimBusinessForErasure,
  countTipsWithMessage,
  detachAdmins,
  eraseBusinessRecords,
  markBusinessErased,
  selectBusinessesToErase,
  selectStaffIds,
} from './queries/erasure';

const DAY_MS = 24 * 60 * 60_000;
/** Businesses erased per run at most; the next hourly run takes the rest. */
const ERASURE_BATCH = 20;

export interface ErasureLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * The retention job's part for closed businesses (decision 0324): once a business has
 * been closed for `retentionDays`, its personal data goes, one business per transaction with its
 * `business_erase` audit row. Safe on several instances: each business row is claimed with
 * FOR UPDATE SKIP LOCKED and marked erased in the same transaction. Returns how many were erased.
 */
export async function eraseClosedBusinesses(
  database: Database,
  clock: Clock,
  retentionDays: number,
  log?: ErasureLog,
): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const due = await selectBusinessesToErase(database.db, cutoff, ERASURE_BATCH);
  let erased = 0;
  for (const { id } of due) {
    try {
      if (await eraseOne(database, id, now, retentionDays)) erased += 1;
    } catch (error) {
      // One business that fails must not keep the others' data: it is tried again next hour.
      log?.warn({ err: error, businessId: id }, 'erasure of a closed business failed');
    }
  }
  return erased;
}

async function eraseOne(
  database: Database,
  businessId: string,
  now: Date,
  retentionDays: number,
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const business = await claimBusinessForErasure(tx, businessId);
    // Taken by another instance, or erased meanwhile.
    if (!business || !isErasureDue(business, now, retentionDays)) return false;

    const counts = await erasePersonalData(tx, businessId, now);
    await markBusinessErased(tx, businessId, now);
    // Written last, so it keeps its own facts while every earlier row of the log lost its
    // addresses and details.
    await writeAudit(tx, {
      actor: { profileId: '', businessId, hasProfile: false },
      action: 'business_erase',
      targetType: 'business',
      targetId: businessId,
      payload: { ...counts, retentionDays },
      businessId,
      at: now,
    });
    return true;
  });
}

/**
 * What goes (decision 0324): every staff account is anonymised as in an employee's own deletion
 * (features/privacy), pictures and the branding's texts and images, the guests' messages, reply
 * addresses and the staff's replies, guest analytics, and the addresses, user agents and details
 * of the business's audit rows. What stays, for accounting: every tip with its amount, fee, dates,
 * status and payout reference, the payouts and adjustments, the teams and points (inactive), and
 * the business's name, address and legal details. The platform admin is never anonymised; one
 * who belonged to the business keeps the account without it.
 */
async function erasePersonalData(tx: Executor, businessId: string, now: Date) {
  const messages = await countTipsWithMessage(tx, businessId);
  const staff = await selectStaffIds(tx, businessId);
  // The audit rows' details go below for the whole business at once.
  for (const person of staff) await anonymisePerson(tx, person.id, now, { auditLog: false });
  await detachAdmins(tx, businessId, now);
  const images = await eraseBusinessRecords(tx, businessId, now);

  return {
    people: staff.length,
    media: images,
    messages,
  };
}
