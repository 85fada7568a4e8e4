import { CONNECTION_STATUS_LABELS } from '../api/integration';
import { PAYMENT_POINT_TARGET_TYPE_LABELS, PAYMENT_POINT_TYPE_LABELS } from '../api/payment-points';
import { QR_GENERATOR_TYPE_LABELS } from '../api/qr-admin';
import { adminPointsTexts } from './admin-points';
import { qrAdminTexts } from './admin-qr';
import type { AdminCataloguePart } from './admin-catalogue';
import type { Translation } from './translation';

/** The payment-point pages' texts (UID-Verwaltung, QR-Codes, QR-Ansicht, AiO), loaded with those pages (decision 0410). */
const de = {
  admin: adminPointsTexts,
  qr: qrAdminTexts,
  labels: {
    connectionStatus: CONNECTION_STATUS_LABELS,
    pointTypes: PAYMENT_POINT_TYPE_LABELS,
    pointTargetTypes: PAYMENT_POINT_TARGET_TYPE_LABELS,
    qrGeneratorTypes: QR_GENERATOR_TYPE_LABELS,
  },
} as const;

export const adminPointsPart: AdminCataloguePart<Translation<typeof de>> = { de };
