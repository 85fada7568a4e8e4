import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/** Owners decide on a paid tip that settlement held for review (decision 0150). */
export const HELD_TIP_ERRORS = defineErrors({
  held_tip_duplicate: {
    status: 409,
    title: 'Nicht freigegeben',
    message:
      'Diese Zahlung kam für ein bereits bezahltes Trinkgeld ein zweites Mal und wird dem Gast erstattet.',
  },
  held_tip_not_found: {
    status: 404,
    title: 'Nicht gefunden',
    message: 'Dieses Trinkgeld ist in diesem Betrieb nicht zur Prüfung angehalten.',
  },
  held_tip_refund_failed: {
    status: 502,
    title: 'Erstattung fehlgeschlagen',
    message:
      'Der Zahlungsanbieter hat die Erstattung nicht ausgeführt. Das Trinkgeld bleibt angehalten; bitte versuchen Sie es später erneut.',
  },
});

export const heldTipParamsSchema = z.object({
  tipId: z.uuid({ error: 'Ungültige Trinkgeld-ID.' }),
});
