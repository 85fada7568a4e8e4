import { INTEGRATION_MESSAGES } from '../../../shared/api/integration';
import { sleepOn } from '../../lib/clock';
import { AioError, type AioClient, createAioClient } from './aio-client';
import type { IntegrationContext } from './context';
import { findPointForRegistration, type IntegrationBlock, storeIntegrationBlock } from './queries';
import { tenantIdOf } from './settings';

/**
 * Registers payment points with the AiO service after they are created or get a new uid. It
 * runs after the point's own transaction has committed and never blocks it: the result (or
 * the error) lands in output_assets.integration, where the QR dialog shows it.
 */
export interface IntegrationSync {
  /** Whether AIO_API_URL and AIO_API_TOKEN are set. */
  readonly configured: boolean;
  /** The client, or null when the integration is not configured. */
  client(): AioClient | null;
  /** Starts the registration in the background (nothing happens when not configured). */
  schedule(point: { id: string; uid: string }): void;
  /** Registers one point now and stores the outcome. */
  syncNow(point: { id: string; uid: string }): Promise<IntegrationBlock>;
  /** Resolves when every scheduled registration has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createIntegrationSync(context: IntegrationContext): IntegrationSync {
  const { config, clock, db, log } = context;
  const configured = Boolean(config.aioApiUrl && config.aioApiToken);
  const pending = new Set<Promise<unknown>>();

  const client = (): AioClient | null =>
    configured
      ? createAioClient({
          url: config.aioApiUrl!,
          token: config.aioApiToken!,
          sleep: (ms) => sleepOn(clock, ms),
        })
      : null;

  async function syncNow(point: { id: string; uid: string }): Promise<IntegrationBlock> {
    const aio = client();
    const row = await findPointForRegistration(db, point.id);
    if (!row) throw new AioError('Bezahlpunkt nicht gefunden.', false);

    let block: IntegrationBlock;
    if (!aio) {
      block = { error: INTEGRATION_MESSAGES.notConfigured, failedAt: clock.now().toISOString() };
    } else {
      try {
        const { object } = await aio.createNfcObject({
          tenantId: await tenantIdOf(db, row.businessId, config.aioTenantId),
          nfcUid: point.uid,
          baseUrl: `${config.publicOrigin}/t/`,
          notes: `${row.label ?? point.uid} · ${row.businessName}`,
        });
        const qrCodeId = object.qrCode?.id;
        block = {
          nfcObjectId: object.id,
          ...(qrCodeId ? { qrCodeId, downloadLinks: aio.downloadLinks(qrCodeId) } : {}),
          syncedAt: clock.now().toISOString(),
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        block = { error: message, failedAt: clock.now().toISOString() };
      }
    }
    await storeIntegrationBlock(db, point, block);
    return block;
  }

  return {
    configured,
    client,
    syncNow,
    schedule(point) {
      if (!configured) return;
      const run = syncNow(point)
        .catch((error: unknown) =>
          log.warn({ err: error, entrypointId: point.id }, 'AiO sync failed'),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
