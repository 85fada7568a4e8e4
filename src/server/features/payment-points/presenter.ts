import {
  type IntegrationAssets,
  LEGACY_CODE_LABEL,
  type PaymentPoint,
  type PaymentPointStats,
} from '../../../shared/api/payment-points';
import type { EntrypointOutputAssets } from './queries/points';
import type { LegacyCodeRow } from './queries/working';
import type { PointWithTarget } from './queries/points';

export function tipLink(origin: string, uid: string): string {
  return `${origin}/t/${encodeURIComponent(uid)}`;
}

/** Metadata is free-form JSON: only a non-empty string counts as a value. */
function text(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function link(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The AiO block of output_assets as the admin pages show it (spec §2 QR preview dialog). */
export function presentIntegration(assets: EntrypointOutputAssets): IntegrationAssets {
  const block = assets.integration;
  const status = !block
    ? 'none'
    : block.error
      ? 'error'
      : block.qrCodeId || block.nfcObjectId
        ? 'synced'
        : 'none';
  return {
    status,
    nfcObjectId: block?.nfcObjectId ?? null,
    qrCodeId: block?.qrCodeId ?? null,
    downloadLinks: {
      png: link(block?.downloadLinks?.png),
      pdf: link(block?.downloadLinks?.pdf),
      svg: link(block?.downloadLinks?.svg),
    },
    syncedAt: block?.syncedAt ?? null,
    error: block?.error ?? null,
  };
}

/** Built field by field: internal columns (created_by, business id) never leave the server. */
export function presentPoint(row: PointWithTarget, origin: string): PaymentPoint {
  const name = text(row.metadata, 'name') ?? row.label ?? row.uid;
  return {
    id: row.id,
    source: 'entrypoint',
    uid: row.uid,
    type: row.type,
    name,
    label: row.label?.trim() || name,
    description: text(row.metadata, 'description'),
    department: text(row.metadata, 'department'),
    shift: text(row.metadata, 'shift'),
    location: text(row.metadata, 'location'),
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
    targetJobTitle: row.targetJobTitle,
    origin: row.origin,
    active: row.active,
    works: row.works,
    primary: row.primary,
    demo: row.metadata.demo === true,
    link: tipLink(origin, row.uid),
    integration: presentIntegration(row.outputAssets),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A legacy QR code as a row of the list (decision 0475): a person code of its employee, named
 * 'Klassischer QR-Code', with nothing the page could change.
 */
export function presentLegacyCode(row: LegacyCodeRow, origin: string): PaymentPoint {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    source: 'legacy',
    uid: row.code,
    type: 'person',
    name: row.employeeName ?? row.code,
    label: LEGACY_CODE_LABEL,
    description: null,
    department: null,
    shift: null,
    location: null,
    targetType: 'user',
    targetId: row.employeeId,
    targetName: row.employeeName,
    targetJobTitle: row.employeeJobTitle,
    origin: 'legacy',
    active: row.active,
    works: row.works,
    primary: false,
    demo: false,
    link: tipLink(origin, row.code),
    integration: presentIntegration({}),
    createdAt,
    updatedAt: createdAt,
  };
}

export function presentStats(stats: {
  count: number;
  totalCents: number;
  last: Date | null;
  currency: string;
}): PaymentPointStats {
  return {
    scanCount: stats.count,
    lastActivity: stats.last?.toISOString() ?? null,
    totalTipsCents: stats.totalCents,
    averageTipCents: stats.count > 0 ? Math.round(stats.totalCents / stats.count) : 0,
    currency: stats.currency,
  };
}

/**
 * The `data` of a `payment_point.created` webhook event (decision 0650): the point in the
 * business API's names (snake_case, as GET /api/v1/payment-points/{id} shows it), compact.
 */
export function webhookPointData(row: PointWithTarget) {
  return {
    object: 'payment_point',
    id: row.id,
    uid: row.uid,
    type: row.type,
    name: text(row.metadata, 'name') ?? row.label ?? row.uid,
    label: row.label,
    target: { type: row.targetType, id: row.targetId, name: row.targetName },
    active: row.active,
    created: row.createdAt.toISOString(),
  };
}
