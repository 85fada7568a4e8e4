import type {
  EmployeeStatsResponse,
  QrCard,
  ThankYouMessages,
  TipPage,
  TodayOverview,
} from '../../../shared/api/employee';
import {
  EMPLOYEE_HISTORY_WINDOW_DAYS,
  THANK_YOU_LIST_LIMIT,
  TODAY_OVERVIEW_MAX_PER_STATUS,
  type StatsPeriod,
} from '../../../shared/domain/constants';
import type { Database } from '../../db/connect';
import { findQrCard, insertPersonalPaymentPoint } from '../payment-points/qr-card';
import { presentEmployeeTip } from './presenter';
import {
  countMessagesSince,
  findMessagesSeenAt,
  listReceivedTips,
  setMessagesSeenAt,
  sumReceivedCents,
} from './queries';
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
  const seenAt = await findMessagesSeenAt(context.database.db, context.employeeId);
  return seenAt ?? new Date(context.now.getTime() - EMPLOYEE_HISTORY_WINDOW_DAYS * DAY_MS);
}

export async function markMessagesSeen(context: EmployeeContext): Promise<Date> {
  await setMessagesSeenAt(context.database.db, context.employeeId, context.now);
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

/** Spec §4: an active payment point of this product for the employee, else an active legacy code. */
export async function qrCard(context: EmployeeContext, origin: string): Promise<QrCard> {
  return findQrCard(context.database.db, context.employeeId, origin);
}

/**
 * Creates the employee's personal payment point (what the prototype's stored procedure
 * generate_employee_qr_code did). Refuses a second one while one is active.
 */
export async function createPersonalQrCode(
  context: EmployeeContext,
  origin: string,
): Promise<QrCard> {
  // One transaction: the point and its webhook event (decision 0650) commit together.
  const { card } = await context.database.db.transaction((tx) =>
    insertPersonalPaymentPoint(tx, {
      employeeId: context.employeeId,
      createdBy: context.employeeId,
      now: context.now,
      origin,
    }),
  );
  return card;
}
