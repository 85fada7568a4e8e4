import { z } from 'zod';
import { defineErrors } from '../domain/errors';

/** Wallet passes of a person's payment point (decision 0380). */
export const WALLET_ERRORS = defineErrors({
  apple_wallet_unavailable: {
    status: 404,
    title: 'Demnächst verfügbar',
    message: 'Apple Wallet Link ist nicht verfügbar.',
  },
  google_wallet_unavailable: {
    status: 404,
    title: 'Nicht verfügbar',
    message: 'Google Wallet ist für diese Installation nicht eingerichtet.',
  },
  wallet_no_point: {
    status: 404,
    title: 'Kein QR-Code vorhanden',
    message:
      'Für Sie gibt es noch keinen aktiven persönlichen Bezahlpunkt. Erstellen Sie zuerst Ihren QR-Code.',
  },
  wallet_not_person_point: {
    status: 409,
    title: 'Nicht möglich',
    message:
      'Wallet-Pässe gibt es nur für aktive Bezahlpunkte einer Person, nicht für Teams oder Objekte.',
  },
});

export const walletPointParamsSchema = z.object({ id: z.uuid() });

/** Where the browser gets each pass; null: not offered for this point or installation. */
export const walletLinksSchema = z.object({
  apple: z.string().nullable(),
  google: z.string().nullable(),
});
export type WalletLinks = z.infer<typeof walletLinksSchema>;
