import { and, asc, desc, eq } from 'drizzle-orm';
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
import type { Database, Executor } from '../../db/connect';
import { paymentEntrypoints, profiles, qrCodes } from '../../db/schema';
import { AppError } from '../../http/errors';
import { randomSuffix, slugify as slugifyText } from '../payment-points/uid';
import { presentEmployeeTip } from './presenter';
import { countMessagesSince, listReceivedTips, sumReceivedCents } from './queries';
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
  const [paid, pending, totalCents] = await Promise.all([
    listReceivedTips(context.database, { ...base, status: 'completed' }),
    listReceivedTips(context.database, { ...base, status: 'pending' }),
    sumReceivedCents(context.database, { employeeId: context.employeeId, since }),
  ]);
  const shown = paid.rows.length + pending.rows.length;
  return {
    paid: paid.rows.map(presentEmployeeTip),
    pending: pending.rows.map(presentEmployeeTip),
    paidCount: paid.total,
    pendingCount: pending.total,
    moreCount: paid.total + pending.total - shown,
    totalCents,
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
      // The panel shows no total: counting a year of messages would be wasted.
      withTotal: false,
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
  return findQrCard(context.database.db, context.employeeId, origin);
}

/**
 * The QR card of one person (spec §4 source order), through any executor, so an admin can read
 * it inside the transaction that creates it. Of several active personal points the primary one
 * is the card (the owner's mark, else the first created; decision 0355); the others are listed
 * under it.
 */
export async function findQrCard(
  executor: Executor,
  employeeId: string,
  origin: string,
): Promise<QrCard> {
  const points = await executor
    .select({
      uid: paymentEntrypoints.uid,
      label: paymentEntrypoints.label,
      outputAssets: paymentEntrypoints.outputAssets,
    })
    .from(paymentEntrypoints)
    .where(
      and(
        eq(paymentEntrypoints.targetId, employeeId),
        eq(paymentEntrypoints.targetType, 'user'),
        eq(paymentEntrypoints.origin, PRODUCT_ENTRYPOINT_ORIGIN),
        eq(paymentEntrypoints.active, true),
      ),
    )
    .orderBy(
      desc(paymentEntrypoints.isPrimary),
      asc(paymentEntrypoints.createdAt),
      asc(paymentEntrypoints.uid),
    );
  const [entrypoint, ...others] = points;
  if (entrypoint) {
    return {
      source: 'entrypoint',
      uid: entrypoint.uid,
      label: entrypoint.label,
      link: tipLink(origin, entrypoint.uid),
      appleWalletUrl: entrypoint.outputAssets.apple_wallet_url ?? null,
      others: others.map((point) => ({
        uid: point.uid,
        label: point.label,
        link: tipLink(origin, point.uid),
      })),
    };
  }
  const [legacy] = await executor
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.employeeId, employeeId), eq(qrCodes.isActive, true)))
    .orderBy(desc(qrCodes.createdAt))
    .limit(1);
  if (legacy) return { source: 'legacy', uid: legacy.code, link: tipLink(origin, legacy.code) };
  return { source: 'none', exampleLink: tipLink(origin, 'aio-anna-schneider-4k7p') };
}

/** Readable slugs and unguessable suffixes come from one place (payment-points/uid.ts). */
export function slugify(text: string): string {
  return slugifyText(text, 'mitarbeiter');
}

/** The random part of a uid: 10 characters, about 49 bits (decision 0102). */
export function shortSuffix(): string {
  return randomSuffix();
}

/**
 * Creates the employee's personal payment point (what the prototype's stored procedure
 * generate_employee_qr_code did). Refuses a second one while one is active.
 */
export async function createPersonalQrCode(
  context: EmployeeContext,
  origin: string,
): Promise<QrCard> {
  const { card } = await insertPersonalQrCode(context.database.db, {
    employeeId: context.employeeId,
    createdBy: context.employeeId,
    now: context.now,
    origin,
  });
  return card;
}

/**
 * The one way a personal payment point is made, for the employee and for an admin: through any
 * executor, so an admin's audit row can share the transaction. Answers the new card and the
 * point's id.
 */
export async function insertPersonalQrCode(
  executor: Executor,
  options: { employeeId: string; createdBy: string; now: Date; origin: string },
): Promise<{ card: QrCard; entrypointId: string }> {
  const existing = await findQrCard(executor, options.employeeId, options.origin);
  if (existing.source === 'entrypoint') throw new AppError(employeeErrors.qr_already_exists);
  const [profile] = await executor
    .select({
      fullName: profiles.fullName,
      businessId: profiles.businessId,
      jobTitle: profiles.jobTitle,
    })
    .from(profiles)
    .where(eq(profiles.id, options.employeeId));
  if (!profile?.businessId) throw new AppError(employeeErrors.no_business);

  for (let attempt = 0; attempt < 5; attempt += 1) {
    const uid = `${slugify(profile.fullName ?? '')}-${shortSuffix()}`;
    const inserted = await executor
      .insert(paymentEntrypoints)
      .values({
        businessId: profile.businessId,
        uid,
        type: 'person',
        label: profile.fullName,
        targetId: options.employeeId,
        targetType: 'user',
        origin: PRODUCT_ENTRYPOINT_ORIGIN,
        metadata: {
          name: profile.fullName ?? undefined,
          description: profile.jobTitle ?? undefined,
          created_by: options.createdBy,
        },
        createdBy: options.createdBy,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .onConflictDoNothing({ target: paymentEntrypoints.uid })
      .returning({ id: paymentEntrypoints.id });
    if (inserted.length > 0) {
      return {
        card: await findQrCard(executor, options.employeeId, options.origin),
        entrypointId: inserted[0]!.id,
      };
    }
  }
  throw new AppError(employeeErrors.qr_load_failed);
}
