import { AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPE_LABELS } from '../domain/audit';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/**
 * The audit log's names of actions and targets, loaded with the audit log card, which comes after
 * the dashboard's first screen (decision 0410).
 */
const de = {
  labels: { auditActions: AUDIT_ACTION_LABELS, auditTargetTypes: AUDIT_TARGET_TYPE_LABELS },
} as const;

export const adminAuditPart: AdminCataloguePart<Translation<typeof de>> = { de };
