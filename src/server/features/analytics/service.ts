import type { AnalyticsEventName } from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import {
  insertAnalyticsEvents,
  selectEntrypointByUid,
  selectQrCodeBusinessId,
  selectTipBusiness,
} from './queries';

export interface AnalyticsEventInput {
  name: AnalyticsEventName;
  businessId: string | null;
  entrypointUid: string | null;
  tipId: string | null;
  /** Fixed, non-personal properties only: amounts, classes, flags. Never an IP or free text. */
  properties: Record<string, string | number | boolean | null>;
  at: Date;
}

/** Stores one first-party tracking event (spec §7), inside the caller's transaction if any. */
export async function recordAnalyticsEvent(
  executor: Executor,
  event: AnalyticsEventInput,
): Promise<void> {
  await insertAnalyticsEvents(executor, {
    name: event.name,
    businessId: event.businessId,
    entrypointUid: event.entrypointUid,
    tipId: event.tipId,
    properties: event.properties,
    createdAt: event.at,
  });
}

/**
 * Turns what a browser reported into references we trust: a code and tip id count only when
 * they exist, so the table never holds made-up references.
 */
export async function resolveEventReferences(
  executor: Executor,
  reported: { code?: string | undefined; tipId?: string | undefined },
): Promise<{ businessId: string | null; entrypointUid: string | null; tipId: string | null }> {
  let businessId: string | null = null;
  let entrypointUid: string | null = null;
  if (reported.code) {
    const entry = await selectEntrypointByUid(executor, reported.code);
    if (entry) {
      businessId = entry.businessId;
      entrypointUid = entry.uid;
    } else {
      businessId = await selectQrCodeBusinessId(executor, reported.code);
    }
  }
  let tipId: string | null = null;
  if (reported.tipId) {
    const tip = await selectTipBusiness(executor, reported.tipId);
    if (tip) {
      tipId = tip.id;
      businessId ??= tip.businessId;
    }
  }
  return { businessId, entrypointUid, tipId };
}
