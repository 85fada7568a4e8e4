import { eq } from 'drizzle-orm';
import type { IntegrationSettings } from '../../../shared/api/integration';
import { INTEGRATION_MESSAGES } from '../../../shared/api/integration';
import type { Executor } from '../../db/connect';
import { integrationSettings } from '../../db/schema';
import type { AuditEntry } from '../audit/write';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import type { IntegrationContext } from './context';
import type { IntegrationSync } from './sync';

type SettingsRow = typeof integrationSettings.$inferSelect;

/** The tenant id of a business: its own setting, else the product default from configuration. */
export async function tenantIdOf(
  db: Executor,
  businessId: string,
  defaultTenantId: string,
): Promise<string> {
  const [row] = await db
    .select({ tenantId: integrationSettings.tenantId })
    .from(integrationSettings)
    .where(eq(integrationSettings.businessId, businessId));
  return row?.tenantId ?? defaultTenantId;
}

async function loadRow(db: Executor, businessId: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationSettings)
    .where(eq(integrationSettings.businessId, businessId));
  return row;
}

function present(
  row: SettingsRow | undefined,
  context: IntegrationContext,
  configured: boolean,
): IntegrationSettings {
  return {
    tenantId: row?.tenantId ?? context.config.aioTenantId,
    defaultTenantId: context.config.aioTenantId,
    connectionStatus: row?.connectionStatus ?? 'untested',
    lastError: row?.lastError ?? null,
    lastTestedAt: row?.lastTestedAt?.toISOString() ?? null,
    configured,
    syncEnabled: Boolean(context.config.aioSyncSecret),
  };
}

export interface SettingsCall {
  context: IntegrationContext;
  sync: Pick<IntegrationSync, 'configured' | 'client'>;
  actor: Actor;
  businessId: string;
  request?: AuditEntry['request'];
}

export async function getSettings(call: Omit<SettingsCall, 'actor'>): Promise<IntegrationSettings> {
  return present(
    await loadRow(call.context.db, call.businessId),
    call.context,
    call.sync.configured,
  );
}

/**
 * A new tenant id (or the default again, 'Standard'): the connection counts as untested until
 * it is tested with the new id. One transaction with its audit row.
 */
export async function saveTenantId(
  call: SettingsCall,
  tenantId: string,
  reason: 'update' | 'reset',
): Promise<IntegrationSettings> {
  const { context, businessId } = call;
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const before = await loadRow(tx, businessId);
    const [saved] = await tx
      .insert(integrationSettings)
      .values({ businessId, tenantId, connectionStatus: 'untested', updatedAt: now })
      .onConflictDoUpdate({
        target: integrationSettings.businessId,
        set: { tenantId, connectionStatus: 'untested', lastError: null, updatedAt: now },
      })
      .returning();
    await writeAudit(tx, {
      actor: call.actor,
      businessId,
      action: 'settings_update',
      targetType: 'integration',
      targetId: businessId,
      payload: {
        setting: 'aio_tenant_id',
        from: before?.tenantId ?? context.config.aioTenantId,
        to: tenantId,
        ...(reason === 'reset' ? { reset: true } : {}),
      },
      ...(call.request ? { request: call.request } : {}),
      at: now,
    });
    return saved!;
  });
  return present(row, context, call.sync.configured);
}

/** 'Verbindung testen': asks the service (outside any transaction), then stores the outcome. */
export async function testConnection(call: SettingsCall): Promise<IntegrationSettings> {
  const { context, businessId } = call;
  const client = call.sync.client();
  let status: 'connected' | 'error' = 'error';
  let lastError: string | null = INTEGRATION_MESSAGES.notConfigured;
  if (client) {
    try {
      await client.ping();
      status = 'connected';
      lastError = null;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const tenantId = (await loadRow(tx, businessId))?.tenantId ?? context.config.aioTenantId;
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
    await writeAudit(tx, {
      actor: call.actor,
      businessId,
      action: 'integration_test',
      targetType: 'integration',
      targetId: businessId,
      payload: { status, tenantId, ...(lastError ? { error: lastError } : {}) },
      ...(call.request ? { request: call.request } : {}),
      at: now,
    });
    return saved!;
  });
  return present(row, context, call.sync.configured);
}
