import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { analyticsEvents, paymentEntrypoints, qrCodes, tips } from '../../db/schema';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export async function insertAnalyticsEvents(
  executor: Executor,
  rows: NewAnalyticsEvent | NewAnalyticsEvent[],
): Promise<void> {
  await executor.insert(analyticsEvents).values(Array.isArray(rows) ? rows : [rows]);
}

export async function selectEntrypointByUid(executor: Executor, uid: string) {
  const [entry] = await executor
    .select({ businessId: paymentEntrypoints.businessId, uid: paymentEntrypoints.uid })
    .from(paymentEntrypoints)
    .where(eq(paymentEntrypoints.uid, uid));
  return entry ?? null;
}

/** The business of a QR code from before payment points. */
export async function selectQrCodeBusinessId(
  executor: Executor,
  code: string,
): Promise<string | null> {
  const [legacy] = await executor
    .select({ businessId: qrCodes.businessId })
    .from(qrCodes)
    .where(eq(qrCodes.code, code));
  return legacy?.businessId ?? null;
}

export async function selectTipBusiness(executor: Executor, tipId: string) {
  const [tip] = await executor
    .select({ id: tips.id, businessId: tips.businessId })
    .from(tips)
    .where(eq(tips.id, tipId));
  return tip ?? null;
}
