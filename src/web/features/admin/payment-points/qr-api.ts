import type { QrCard } from '../../../../shared/api/employee';
import type { StaffListItem } from '../../../../shared/api/profiles';
import type { QrGeneratorInput, QrGeneratorResult } from '../../../../shared/api/qr-admin';
import { api } from '../../../lib/api';
import { scoped } from '../business-scope';

/** The payment points' QR calls, always in the selected business (the server checks the scope). */
export const paymentPointQrApi = {
  employees: (businessId: string | null) =>
    api.get<{ items: StaffListItem[] }>(scoped('/api/profiles?role=employee', businessId)),
  card: (businessId: string | null, employeeId: string) =>
    api.get<QrCard>(scoped(`/api/admin/staff/${employeeId}/qr`, businessId)),
  create: (businessId: string | null, employeeId: string) =>
    api.post<QrCard>(scoped(`/api/admin/staff/${employeeId}/qr`, businessId)),
  generate: (businessId: string | null, body: QrGeneratorInput) =>
    api.post<QrGeneratorResult>(scoped('/api/admin/qr-codes', businessId), body),
};

export const paymentPointQrKeys = {
  employees: (businessId: string | null) => ['admin', 'staff', 'employee', businessId] as const,
  card: (businessId: string | null, employeeId: string) =>
    ['admin', 'staff-qr', businessId, employeeId] as const,
};
