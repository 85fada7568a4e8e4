import type { AuditLogEntry } from '../../../shared/api/audit';
import { activeAdminTexts } from '../../lib/admin-language';

/**
 * Who did it: the admin by name, else by e-mail; rows written without a person name the machine
 * (the AiO sync, the retention job, otherwise the system, e.g. settlement's refunds). What the
 * row says comes from the shared presenter (`describeAuditEntry`), run by the server.
 */
export function auditAdminLabel(entry: Pick<AuditLogEntry, 'admin' | 'action' | 'apiKey'>): string {
  const { admin: adminTexts } = activeAdminTexts();
  const t = adminTexts.audit;
  if (!entry.admin && entry.apiKey) return t.apiKey(entry.apiKey.name);
  if (!entry.admin) {
    if (entry.action === 'entrypoint_sync') return t.aioSync;
    return entry.action === 'business_erase' ? t.retentionJob : t.system;
  }
  return entry.admin.fullName?.trim() || entry.admin.email;
}

/** A long id shortened for reading ("5f0c8a1e…"); the reference's button copies all of it. */
export function shortReference(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
