import { DEFAULT_THANKS_DE } from './default-thanks';
import type { GuestLocale } from './guest-locale';

/**
 * The printed A4 card of a payment point (spec §2 print template) in the five guest languages:
 * the guests read it, so it speaks theirs. German is the source and the
 * default. Only the server draws the card, so these live apart from the page catalogues. The
 * thank-you line is each language's default thanks of the tip page.
 */
export interface PrintCardTexts {
  instruction: string;
  noApp: string;
  thanks: string;
  orOpen: string;
}

export const PRINT_CARD_TEXTS: Record<GuestLocale, PrintCardTexts> = {
  de: {
    instruction: 'Scannen Sie den QR-Code mit der Kamera Ihres Smartphones, um Trinkgeld zu geben.',
    noApp: 'Ohne App · Karte, Apple Pay oder Google Pay',
    thanks: DEFAULT_THANKS_DE,
    orOpen: 'Oder öffnen Sie:',
  },
  en: {
    instruction: 'Scan the QR code with your smartphone camera to leave a tip.',
    noApp: 'No app needed · card, Apple Pay or Google Pay',
    thanks: 'Thank you for your tip!',
    orOpen: 'Or open:',
  },
  fr: {
    instruction:
      'Scannez le code QR avec l’appareil photo de votre smartphone pour laisser un pourboire.',
    noApp: 'Sans application · carte, Apple Pay ou Google Pay',
    thanks: 'Merci pour votre pourboire !',
    orOpen: 'Ou ouvrez :',
  },
  es: {
    instruction: 'Escanee el código QR con la cámara de su smartphone para dejar una propina.',
    noApp: 'Sin app · tarjeta, Apple Pay o Google Pay',
    thanks: '¡Muchas gracias por su propina!',
    orOpen: 'O abra:',
  },
  it: {
    instruction:
      'Scansioni il codice QR con la fotocamera del Suo smartphone per lasciare una mancia.',
    noApp: 'Senza app · carta, Apple Pay o Google Pay',
    thanks: 'Grazie mille per la Sua mancia!',
    orOpen: 'Oppure apra:',
  },
};
