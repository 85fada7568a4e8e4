import { and, eq, sql } from 'drizzle-orm';
import { EXTERNAL_ENTRYPOINT_ORIGIN } from '../../../shared/domain/constants';
import type { EntrypointTargetType, EntrypointType } from '../../../shared/domain/tips';
import type { Executor } from '../../db/connect';
import {
  businesses,
  type EntrypointMetadata,
  type EntrypointOutputAssets,
  integrationSettings,
  paymentEntrypoints,
  profiles,
  teams,
} from '../../db/schema';

export type SettingsRow = typeof integrationSettings.$inferSelect;
export type IntegrationBlock = NonNullable<EntrypointOutputAssets['integration']>;

/** The business a target belongs to: the employee's, the team's, or the business itself. */
export async function businessOfTarget(
  db: Executor,
  targetType: EntrypointTargetType,
  targetId: string,
): Promise<string | null> {
  if (targetType === 'user') {
    const [row] = await db
      .select({ businessId: profiles.businessId })
      .from(profiles)
      .where(eq(profiles.id, targetId));
    return row?.businessId ?? null;
  }
  if (targetType === 'team') {
    const [row] = await db
      .select({ businessId: teams.businessId })
      .from(teams)
      .where(eq(teams.id, targetId));
    return row?.businessId ?? null;
  }
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.id, targetId));
  return row?.id ?? null;
}

/**
 * Inserts or updates an external payment point by uid in one statement, so two deliveries of
 * the same uid cannot both insert. A uid of another business is never taken over: then no row.
 */
export async function upsertExternalPaymentPoint(
  tx: Executor,
  point: {
    businessId: string;
    uid: string;
    type: EntrypointType;
    label: string | null;
    targetId: string;
    targetType: EntrypointTargetType;
    metadata: EntrypointMetadata;
    now: Date;
  },
): Promise<{ id: string; uid: string; inserted: boolean } | undefined> {
  const [row] = await tx
    .insert(paymentEntrypoints)
    .values({
      businessId: point.businessId,
      uid: point.uid,
      type: point.type,
      label: point.label,
      targetId: point.targetId,
      targetType: point.targetType,
      origin: EXTERNAL_ENTRYPOINT_ORIGIN,
      metadata: point.metadata,
      createdAt: point.now,
      updatedAt: point.now,
    })
    .onConflictDoUpdate({
      target: paymentEntrypoints.uid,
      set: {
        type: point.type,
        label: point.label,
        targetId: point.targetId,
        targetType: point.targetType,
        metadata: point.metadata,
        updatedAt: point.now,
      },
      setWhere: eq(paymentEntrypoints.businessId, point.businessId),
    })
    .returning({
      id: paymentEntrypoints.id,
      uid: paymentEntrypoints.uid,
      inserted: sql<boolean>`(xmax = 0)`,
    });
  return row;
}

export async function findSettings(
  db: Executor,
  businessId: string,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationSettings)
    .where(eq(integrationSettings.businessId, businessId));
  return row;
}

/** Stores a tenant id; the connection counts as untested again. */
export async function upsertTenantId(
  tx: Executor,
  businessId: string,
  tenantId: string,
  now: Date,
): Promise<SettingsRow> {
  const [saved] = await tx
    .insert(integrationSettings)
    .values({ businessId, tenantId, connectionStatus: 'untested', updatedAt: now })
    .onConflictDoUpdate({
      target: integrationSettings.businessId,
      set: { tenantId, connectionStatus: 'untested', lastError: null, updatedAt: now },
    })
    .returning();
  return saved!;
}

/** Stores the outcome of a connection test. */
export async function upsertConnectionTest(
  tx: Executor,
  businessId: string,
  outcome: {
    tenantId: string;
    status: 'connected' | 'error';
    lastError: string | null;
    now: Date;
  },
): Promise<SettingsRow> {
  const { tenantId, status, lastError, now } = outcome;
  const [saved] = await tx
    .insert(integrationSettings)
    .values({
      businessId,
      tenantId,
      connectionStatus: status,
      lastError,
      lastTestedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: integrationSettings.businessId,
      set: { connectionStatus: status, lastError, lastTestedAt: now, updatedAt: now },
    })
    .returning();
  return saved!;
}

/** The point's business, label and business name, or undefined. */
export async function findPointForRegistration(db: Executor, id: string) {
  const [row] = await db
    .select({
      businessId: paymentEntrypoints.businessId,
      label: paymentEntrypoints.label,
      businessName: businesses.name,
    })
    .from(paymentEntrypoints)
    .innerJoin(businesses, eq(businesses.id, paymentEntrypoints.businessId))
    .where(eq(paymentEntrypoints.id, id));
  return row;
}

/**
 * Writes the block only while the point still has the uid it was registered under: a point
 * regenerated again in the meantime gets its own, newer registration.
 */
export async function storeIntegrationBlock(
  db: Executor,
  point: { id: string; uid: string },
  block: IntegrationBlock,
): Promise<void> {
  await db
    .update(paymentEntrypoints)
    .set({
      outputAssets: sql`${paymentEntrypoints.outputAssets} || jsonb_build_object('integration', ${JSON.stringify(block)}::jsonb)`,
    })
    .where(and(eq(paymentEntrypoints.id, point.id), eq(paymentEntrypoints.uid, point.uid)));
}
