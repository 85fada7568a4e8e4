import type { SetupChecklist } from '../../../../shared/api/setup-checklist';
import { api } from '../../../lib/api';
import { adminKeys } from '../admin-api';
import { scoped } from '../business-scope';

/** The set-up checklist's calls (decision 0328), scoped to the chosen business like every admin call. */
export const setupApi = {
  checklist: () => api.get<SetupChecklist>(scoped('/api/admin/setup-checklist')),
  dismiss: () => api.post<SetupChecklist>(scoped('/api/admin/setup-checklist/dismiss')),
  recordQrExport: () => api.post<void>(scoped('/api/admin/setup-checklist/qr-export')),
};

export const setupKeys = {
  checklist: adminKeys.setupChecklist,
};

/**
 * Tells the server that a QR code was downloaded (PNG, SVG) or printed in the browser, which
 * ticks the checklist's QR item. The download itself has already worked, so a failed report is
 * not the person's problem: the item simply stays open until the next one.
 */
export function reportQrExport(): void {
  setupApi.recordQrExport().catch(() => undefined);
}
