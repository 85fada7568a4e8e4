import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../domain/tips';

/**
 * The part of the server configuration the browser may see. Everything here is public by
 * nature (it ends up in links and e-mails anyway); secrets never get a field.
 */
export const publicConfigSchema = z.object({
  contactEmail: z.string().meta({ description: 'Adresse für Anfragen, Rechtliches und Support.' }),
  publicOrigin: z
    .string()
    .meta({ description: 'Adresse, unter der Gäste und Personal die App erreichen.' }),
  paymentProvider: z.enum(PAYMENT_PROVIDERS).meta({
    description:
      '"demo": Zahlungen laufen offline über die eigene Testkasse; "stripe": Stripe Checkout.',
  }),
  signup: z.enum(['open', 'closed']).meta({
    description:
      '"open": Betriebe können sich unter /registrieren selbst anmelden; "closed": nur auf Anfrage.',
  }),
  demoPages: z.boolean().meta({
    description:
      'true außerhalb der Produktion: Demo-Showcase, Prototyp-Übersicht, Styleguide, Entwickler-Übergabe und die Demo-Daten gibt es nur dann.',
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
