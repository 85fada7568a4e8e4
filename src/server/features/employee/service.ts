import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type {
  EmployeeStatsResponse,
  QrCard,
  ThankYouMessages,
  TipPage,
  TodayOverview,
} from '../../../shared/api/employee';
import { employeeErrors } from '../../../shared/api/employee';
import {
  EMPLOYEE_HISTORY_WINDOW_DAYS,
  PRODUCT_ENTRYPOINT_ORIGIN,
  THANK_YOU_LIST_LIMIT,
  TODAY_OVERVIEW_MAX_PER_STATUS,
  type StatsPeriod,
} from '../../../shared/domain/constants';
import type { Database } from '../../db/connect';
import { paymentEntrypoints, profiles, qrCodes } from '../../db/schema';
import { AppError } from '../../http/errors';
import { presentEmployeeTip } from './presenter';
import { countMessagesSince, listReceivedTips } from './queries';
import { employeeStats, periodStart } from './stats';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface EmployeeContext {
  database: Database;
  employeeId: string;
  now: Date;
}

export async function tipHistory(
  context: EmployeeContext,
  options: { period: StatsPeriod; page: number; pageSize: number; withMessage: boolean },
): Promise<TipPage> {
  const { rows, total } = await listReceivedTips(context.database, {
    employeeId: context.employeeId,
    since: periodStart(options.period, context.now),
    limit: options.pageSize,
    offset: (options.page - 1) * options.pageSize,
    withMessageOnly: options.withMessage,
  });
  return {
    items: rows.map(presentEmployeeTip),
    total,
    page: options.page,
    pageSize: options.pageSize,
  };
}

/**
 * Today's tips: at most three paid out and three pending, and how many more there are. The
 * browser says when its local day began; a start further back than 48 hours is clamped, since no
 * local day is that long.
 */
export async function todayOverview(context: EmployeeContext, from: Date): Promise<TodayOverview> {
  const earliest = new Date(context.now.getTime() - 2 * DAY_MS);
  const since = from < earliest ? earliest : from;
  const base = { employeeId: context.employeeId, since, limit: TODAY_OVERVIEW_MAX_PER_STATUS };
  const [paid, pending, all] = await Promise.all([
    listReceivedTips(context.database, { ...base, status: 'completed' }),
    listReceivedTips(context.database, { ...base, status: 'pending' }),
    listReceivedTips(context.database, { ...base, limit: 1_000 }),
  ]);
  const shown = paid.rows.length + pending.rows.length;
  return {
    paid: paid.rows.map(presentEmployeeTip),
    pending: pending.rows.map(presentEmployeeTip),
    paidCount: paid.total,
    pendingCount: pending.total,
    moreCount: paid.total + pending.total - shown,
    totalCents: all.rows.reduce((sum, row) => sum + row.share_cents, 0),
  };
}

/** The thank-you panel: paid tips with a message, newest first, at most ten, and the new count. */
export async function thankYouMessages(context: EmployeeContext): Promise<ThankYouMessages> {
  const seenAt = await messagesSeenAt(context);
  const [{ rows }, newCount] = await Promise.all([
    listReceivedTips(context.database, {
      employeeId: context.employeeId,
      since: new Date(context.now.getTime() - 365 * DAY_MS),
      limit: THANK_YOU_LIST_LIMIT,
      withMessageOnly: true,
    }),
    countMessagesSince(context.database, { employeeId: context.employeeId, since: seenAt }),
  ]);
  return { items: rows.map(presentEmployeeTip), newCount, seenAt: seenAt.toISOString() };
}

/**
 * Until the employee first opens the messages, the badge counts the history window (14 days),
 * so a new employee is not greeted by a count of every message ever received.
 */
async function messagesSeenAt(context: EmployeeContext): Promise<Date> {
  const [row] = await context.database.db
    .select({ seenAt: profiles.messagesSeenAt })
    .from(profiles)
    .where(eq(profiles.id, context.employeeId));
  return row?.seenAt ?? new Date(context.now.getTime() - EMPLOYEE_HISTORY_WINDOW_DAYS * DAY_MS);
}

export async function markMessagesSeen(context: EmployeeContext): Promise<Date> {
  await context.database.db
    .update(profiles)
    .set({ messagesSeenAt: context.now })
    .where(eq(profiles.id, context.employeeId));
  return context.now;
}

export async function statistics(
  context: EmployeeContext,
  period: StatsPeriod,
): Promise<EmployeeStatsResponse> {
  const stats = await employeeStats(context.database, {
    employeeId: context.employeeId,
    period,
    now: context.now,
  });
  return { ...stats, since: stats.since.toISOString() };
}

export function tipLink(origin: string, uid: string): string {
  return `${origin}/t/${encodeURIComponent(uid)}`;
}

/** Spec §4: an active payment point of this product for the employee, else an active legacy code. */
export async function qrCard(context: EmployeeContext, origin: string): Promise<QrCard> {
  const [entrypoint] = await context.database.db
    .select({
      uid: paymentEntrypoints.uid,
      label: paymentEntrypoints.label,
      outputAssets: paymentEntrypoints.outputAssets,
    })
    .from(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.targetId, context.employeeId),
        eq(paymentEntrypoints.targetType, 'user'),
        eq(paymentEntrypoints.origin, PRODUCT_ENTRYPOINT_ORIGIN),
        eq(paymentEntrypoints.active, true),
      ),
    )
    .orderBy(desc(paymentEntrypoints.createdAt))
    .limit(1);
  if (entrypoint) {
    return {
      source: 'entrypoint',
      uid: entrypoint.uid,
      label: entrypoint.label,
      link: tipLink(origin, entrypoint.uid),
      appleWalletUrl: entrypoint.outputAssets.apple_wallet_url ?? null,
    };
  }
  const [legacy] = await context.database.db
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.employeeId, context.employeeId), eq(qrCodes.isActive, true)))
    .orderBy(desc(qrCodes.createdAt))
    .limit(1);
  if (legacy) return { source: 'legacy', uid: legacy.code, link: tipLink(origin, legacy.code) };
  return { source: 'none', exampleLink: tipLink(origin, 'aio-anna-schneider-4k7p') };
}

/** "anna-schneider" from "Anna Schneider": lower case, ASCII, hyphens. */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug || 'mitarbeiter';
}

const SUFFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function shortSuffix(): string {
  return Array.from(randomBytes(4), (byte) => SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length]).join(
    '',
  );
}

/**
 * Creates the employee's personal payment point (what the prototype's stored procedure
 * generate_employee_qr_code did). Refuses a second one while one is active.
 */
export async function createPersonalQrCode(
  context: EmployeeContext,
  origin: string,
): Promise<QrCard> {
  const existing = await qrCard(context, origin);
  if (existing.source === 'entrypoint') throw new AppError(employeeErrors.qr_already_exists);
  const [profile] = await context.database.db
    .select({
      fullName: profiles.fullName,
      businessId: profiles.businessId,
      jobTitle: profiles.jobTitle,
    })
    .from(profiles)
    .where(eq(profiles.id, context.employeeId));
  if (!profile?.businessId) throw new AppError(employeeErrors.no_business);

  for (let attempt = 0; attempt < 5; attempt += 1) {
    const uid = `${slugify(profile.fullName ?? '')}-${shortSuffix()}`;
    const inserted = await context.database.db
      .insert(paymentEntrypoints)
      .values({
        businessId: profile.businessId,
        uid,
        type: 'person',
        label: profile.fullName,
        targetId: context.employeeId,
        targetType: 'user',
        origin: PRODUCT_ENTRYPOINT_ORIGIN,
        metadata: {
          name: profile.fullName ?? undefined,
          description: profile.jobTitle ?? undefined,
          created_by: context.employeeId,
        },
        createdBy: context.employeeId,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .onConflictDoNothing({ target: paymentEntrypoints.uid })
      .returning({ uid: paymentEntrypoints.uid });
    if (inserted.length > 0) return qrCard(context, origin);
  }
  throw new AppError(employeeErrors.qr_load_failed);
}
