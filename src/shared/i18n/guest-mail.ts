import type { GuestLocale } from './guest-locale';
import { knownTonality, partInTonality, type TextOverrides } from './guest-tonality';

/**
 * The guest's e-mails (receipt, reply) in the five guest languages; German is the source. Only
 * the server sends them, so they live apart from the page catalogues the browser loads.
 */
export interface GuestMailTexts {
  receiptSubject: (business: string) => string;
  receiptGreeting: string;
  tipFor: (name: string) => string;
  contribution: string;
  totalPaid: string;
  business: string;
  date: string;
  reference: string;
  linkIntro: string;
  replyKept: string;
  addressNotKept: string;
  replyFrom: (name: string) => string;
  replySubject: (name: string) => string;
  replyIntro: (name: string) => string;
  replyAddressDeleted: string;
  /** 'Später zahlen' sent to the guest's own address (decision 0456). */
  payLaterSubject: string;
  payLaterIntro: string;
  toPay: string;
  validUntil: (date: string) => string;
  addressUsedOnce: string;
  noReply: string;
}

const de: GuestMailTexts = {
  receiptSubject: (business) => `Ihr Beleg: Trinkgeld bei ${business}`,
  receiptGreeting: 'Vielen Dank für Ihr Trinkgeld!',
  tipFor: (name) => `Trinkgeld für ${name}`,
  contribution: 'Servicebeitrag (Plattform)',
  totalPaid: 'Gesamt bezahlt',
  business: 'Betrieb',
  date: 'Datum',
  reference: 'Referenz',
  linkIntro:
    'Auf Ihrer persönlichen Dankeseite sehen Sie, wann das Geld angekommen ist, und eine Antwort, falls eine kommt:',
  replyKept:
    'Sie möchten eine Antwort per E-Mail erhalten: Wir bewahren Ihre Adresse verschlüsselt auf, bis die Antwort verschickt ist, höchstens 30 Tage.',
  addressNotKept:
    'Ihre E-Mail-Adresse haben wir nur für diesen Beleg verwendet und nicht gespeichert.',
  replyFrom: (name) => `Antwort von ${name}`,
  replySubject: (name) => `${name} hat Ihnen geantwortet`,
  replyIntro: (name) => `${name} hat auf Ihre Nachricht geantwortet:`,
  replyAddressDeleted: 'Mit dieser E-Mail haben wir Ihre Adresse gelöscht.',
  payLaterSubject: 'Ihr Link zum späteren Zahlen',
  payLaterIntro:
    'Sie möchten Ihr Trinkgeld später zahlen. Mit diesem Link geht es dort weiter, wo Sie aufgehört haben:',
  toPay: 'Zu zahlen',
  validUntil: (date) => `Der Link ist gültig bis ${date}.`,
  addressUsedOnce:
    'Ihre E-Mail-Adresse haben wir nur für diese E-Mail verwendet und nicht gespeichert.',
  noReply: 'Diese E-Mail wurde automatisch verschickt.',
};

const en: GuestMailTexts = {
  receiptSubject: (business) => `Your receipt: tip at ${business}`,
  receiptGreeting: 'Thank you for your tip!',
  tipFor: (name) => `Tip for ${name}`,
  contribution: 'Service contribution (platform)',
  totalPaid: 'Total paid',
  business: 'Business',
  date: 'Date',
  reference: 'Reference',
  linkIntro: 'Your personal thank-you page shows when the money arrived, and a reply if one comes:',
  replyKept:
    'You asked to receive a reply by e-mail: we keep your address encrypted until the reply is sent, for 30 days at most.',
  addressNotKept: 'We used your e-mail address for this receipt only and did not store it.',
  replyFrom: (name) => `Reply from ${name}`,
  replySubject: (name) => `${name} replied to you`,
  replyIntro: (name) => `${name} replied to your message:`,
  replyAddressDeleted: 'With this e-mail we have deleted your address.',
  payLaterSubject: 'Your link to pay later',
  payLaterIntro:
    'You would like to pay your tip later. This link takes you back to where you left off:',
  toPay: 'To pay',
  validUntil: (date) => `The link is valid until ${date}.`,
  addressUsedOnce: 'We used your e-mail address for this e-mail only and did not store it.',
  noReply: 'This e-mail was sent automatically.',
};

const fr: GuestMailTexts = {
  receiptSubject: (business) => `Votre reçu : pourboire chez ${business}`,
  receiptGreeting: 'Merci pour votre pourboire !',
  tipFor: (name) => `Pourboire pour ${name}`,
  contribution: 'Contribution de service (plateforme)',
  totalPaid: 'Total payé',
  business: 'Établissement',
  date: 'Date',
  reference: 'Référence',
  linkIntro:
    "Votre page de remerciement personnelle indique quand l'argent est arrivé, ainsi qu'une réponse s'il y en a une :",
  replyKept:
    "Vous souhaitez recevoir une réponse par e-mail : nous conservons votre adresse chiffrée jusqu'à l'envoi de la réponse, 30 jours au plus.",
  addressNotKept:
    "Nous avons utilisé votre adresse e-mail uniquement pour ce reçu et ne l'avons pas enregistrée.",
  replyFrom: (name) => `Réponse de ${name}`,
  replySubject: (name) => `${name} vous a répondu`,
  replyIntro: (name) => `${name} a répondu à votre message :`,
  replyAddressDeleted: 'Avec cet e-mail, nous avons supprimé votre adresse.',
  payLaterSubject: 'Votre lien pour payer plus tard',
  payLaterIntro:
    'Vous souhaitez payer votre pourboire plus tard. Ce lien vous ramène là où vous vous êtes arrêté :',
  toPay: 'À payer',
  validUntil: (date) => `Le lien est valable jusqu'au ${date}.`,
  addressUsedOnce:
    "Nous avons utilisé votre adresse e-mail uniquement pour cet e-mail et ne l'avons pas enregistrée.",
  noReply: 'Cet e-mail a été envoyé automatiquement.',
};

const es: GuestMailTexts = {
  receiptSubject: (business) => `Su recibo: propina en ${business}`,
  receiptGreeting: '¡Gracias por su propina!',
  tipFor: (name) => `Propina para ${name}`,
  contribution: 'Contribución de servicio (plataforma)',
  totalPaid: 'Total pagado',
  business: 'Establecimiento',
  date: 'Fecha',
  reference: 'Referencia',
  linkIntro:
    'Su página de agradecimiento personal muestra cuándo llegó el dinero y una respuesta, si la hay:',
  replyKept:
    'Desea recibir una respuesta por correo: guardamos su dirección cifrada hasta que se envíe la respuesta, 30 días como máximo.',
  addressNotKept:
    'Hemos usado su dirección de correo solo para este recibo y no la hemos guardado.',
  replyFrom: (name) => `Respuesta de ${name}`,
  replySubject: (name) => `${name} le ha respondido`,
  replyIntro: (name) => `${name} ha respondido a su mensaje:`,
  replyAddressDeleted: 'Con este correo hemos eliminado su dirección.',
  payLaterSubject: 'Su enlace para pagar más tarde',
  payLaterIntro:
    'Desea pagar su propina más tarde. Este enlace le lleva de vuelta a donde lo dejó:',
  toPay: 'A pagar',
  validUntil: (date) => `El enlace es válido hasta el ${date}.`,
  addressUsedOnce:
    'Hemos usado su dirección de correo solo para este correo y no la hemos guardado.',
  noReply: 'Este correo se ha enviado automáticamente.',
};

const it: GuestMailTexts = {
  receiptSubject: (business) => `La sua ricevuta: mancia presso ${business}`,
  receiptGreeting: 'Grazie per la sua mancia!',
  tipFor: (name) => `Mancia per ${name}`,
  contribution: 'Contributo di servizio (piattaforma)',
  totalPaid: 'Totale pagato',
  business: 'Struttura',
  date: 'Data',
  reference: 'Riferimento',
  linkIntro:
    'La sua pagina di ringraziamento personale mostra quando è arrivato il denaro e una risposta, se arriva:',
  replyKept:
    "Desidera ricevere una risposta via e-mail: conserviamo il suo indirizzo cifrato fino all'invio della risposta, al massimo 30 giorni.",
  addressNotKept:
    'Abbiamo usato il suo indirizzo e-mail solo per questa ricevuta e non lo abbiamo salvato.',
  replyFrom: (name) => `Risposta di ${name}`,
  replySubject: (name) => `${name} le ha risposto`,
  replyIntro: (name) => `${name} ha risposto al suo messaggio:`,
  replyAddressDeleted: 'Con questa e-mail abbiamo cancellato il suo indirizzo.',
  payLaterSubject: 'Il suo link per pagare più tardi',
  payLaterIntro:
    'Desidera pagare la sua mancia più tardi. Questo link la riporta dove si era fermato:',
  toPay: 'Da pagare',
  validUntil: (date) => `Il link è valido fino al ${date}.`,
  addressUsedOnce:
    'Abbiamo usato il suo indirizzo e-mail solo per questa e-mail e non lo abbiamo salvato.',
  noReply: 'Questa e-mail è stata inviata automaticamente.',
};

export const GUEST_MAIL_TEXTS: Record<GuestLocale, GuestMailTexts> = { de, en, fr, es, it };

/**
 * What 'Locker' says differently in the guest's e-mails (decision 0467): the mails address the
 * guest politely, as the default does, and 'Förmlich' keeps that; English has one form only.
 */
const casualMail: Partial<Record<GuestLocale, TextOverrides<GuestMailTexts>>> = {
  de: {
    receiptSubject: (business) => `Dein Beleg: Trinkgeld bei ${business}`,
    receiptGreeting: 'Danke dir für dein Trinkgeld!',
    linkIntro:
      'Auf deiner persönlichen Dankeseite siehst du, wann das Geld angekommen ist, und eine Antwort, falls eine kommt:',
    replyKept:
      'Du möchtest eine Antwort per E-Mail: Wir bewahren deine Adresse verschlüsselt auf, bis die Antwort verschickt ist, höchstens 30 Tage.',
    addressNotKept:
      'Deine E-Mail-Adresse haben wir nur für diesen Beleg verwendet und nicht gespeichert.',
    replySubject: (name) => `${name} hat dir geantwortet`,
    replyIntro: (name) => `${name} hat auf deine Nachricht geantwortet:`,
    replyAddressDeleted: 'Mit dieser E-Mail haben wir deine Adresse gelöscht.',
    payLaterSubject: 'Dein Link zum späteren Zahlen',
    payLaterIntro:
      'Du möchtest dein Trinkgeld später zahlen. Mit diesem Link geht es dort weiter, wo du aufgehört hast:',
    addressUsedOnce:
      'Deine E-Mail-Adresse haben wir nur für diese E-Mail verwendet und nicht gespeichert.',
  },
  fr: {
    receiptSubject: (business) => `Ton reçu : pourboire chez ${business}`,
    receiptGreeting: 'Merci pour ton pourboire !',
    linkIntro:
      "Ta page de remerciement personnelle indique quand l'argent est arrivé, ainsi qu'une réponse s'il y en a une :",
    replyKept:
      "Tu souhaites recevoir une réponse par e-mail : nous conservons ton adresse chiffrée jusqu'à l'envoi de la réponse, 30 jours au plus.",
    addressNotKept:
      "Nous avons utilisé ton adresse e-mail uniquement pour ce reçu et ne l'avons pas enregistrée.",
    replySubject: (name) => `${name} t'a répondu`,
    replyIntro: (name) => `${name} a répondu à ton message :`,
    replyAddressDeleted: 'Avec cet e-mail, nous avons supprimé ton adresse.',
    payLaterSubject: 'Ton lien pour payer plus tard',
    payLaterIntro:
      'Tu souhaites payer ton pourboire plus tard. Ce lien te ramène là où tu t’es arrêté :',
    addressUsedOnce:
      "Nous avons utilisé ton adresse e-mail uniquement pour cet e-mail et ne l'avons pas enregistrée.",
  },
  es: {
    receiptSubject: (business) => `Tu recibo: propina en ${business}`,
    receiptGreeting: '¡Gracias por tu propina!',
    linkIntro:
      'Tu página de agradecimiento personal muestra cuándo llegó el dinero y una respuesta, si la hay:',
    replyKept:
      'Quieres recibir una respuesta por correo: guardamos tu dirección cifrada hasta que se envíe la respuesta, 30 días como máximo.',
    addressNotKept:
      'Hemos usado tu dirección de correo solo para este recibo y no la hemos guardado.',
    replySubject: (name) => `${name} te ha respondido`,
    replyIntro: (name) => `${name} ha respondido a tu mensaje:`,
    replyAddressDeleted: 'Con este correo hemos eliminado tu dirección.',
    payLaterSubject: 'Tu enlace para pagar más tarde',
    payLaterIntro:
      'Quieres pagar tu propina más tarde. Este enlace te lleva de vuelta a donde lo dejaste:',
    addressUsedOnce:
      'Hemos usado tu dirección de correo solo para este correo y no la hemos guardado.',
  },
  it: {
    receiptSubject: (business) => `La tua ricevuta: mancia presso ${business}`,
    receiptGreeting: 'Grazie per la tua mancia!',
    linkIntro:
      'La tua pagina di ringraziamento personale mostra quando è arrivato il denaro e una risposta, se arriva:',
    replyKept:
      "Vuoi ricevere una risposta via e-mail: conserviamo il tuo indirizzo cifrato fino all'invio della risposta, al massimo 30 giorni.",
    addressNotKept:
      'Abbiamo usato il tuo indirizzo e-mail solo per questa ricevuta e non lo abbiamo salvato.',
    replySubject: (name) => `${name} ti ha risposto`,
    replyIntro: (name) => `${name} ha risposto al tuo messaggio:`,
    replyAddressDeleted: 'Con questa e-mail abbiamo cancellato il tuo indirizzo.',
    payLaterSubject: 'Il tuo link per pagare più tardi',
    payLaterIntro:
      'Vuoi pagare la tua mancia più tardi. Questo link ti riporta dove ti eri fermato:',
    addressUsedOnce:
      'Abbiamo usato il tuo indirizzo e-mail solo per questa e-mail e non lo abbiamo salvato.',
  },
};

/** The guest's e-mails in their language and the business's tonality. */
export function guestMailTexts(
  locale: GuestLocale,
  tonality: string | null | undefined,
): GuestMailTexts {
  const overrides = knownTonality(tonality) === 'casual' ? casualMail[locale] : undefined;
  return partInTonality(GUEST_MAIL_TEXTS[locale], overrides, tonality);
}
