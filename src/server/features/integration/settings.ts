import type { IntegrationSettings } from '../../../shared/api/integration';
import { INTEGRATION_MESSAGES } from '../../../shared/api/integration';
import type { Executor } from '../../db/connect';
import type { AuditEntry } from '../audit/write';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import type { IntegrationContext } from './context';
import { findSettings, type SettingsRow, upsertConnectionTest, upsertTenantId } from './queries';
import type { IntegrationSync } from './sync';

/** The tenant id of a business: its own setting, else the product default from configuration. */
export async function tenantIdOf(
  db: Executor,
  businessId: string,
  defaultTenantId: string,
): Promise<string> {
  const row = await findSettings(db, businessId);
  return row?.tenantId ?? defaultTenantId;
}

function loadRow(db: Executor, businessId: string): Promise<SettingsRow | undefined> {
  return findSettings(db, businessId);
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
    const saved = await upsertTenantId(tx, businessId, tenantId, now);
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
    return saved;
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
    const saved = await upsertConnectionTest(tx, businessId, { tenantId, status, lastError, now });
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
    return saved;
  });
  return present(row, context, call.sync.configured);
}
