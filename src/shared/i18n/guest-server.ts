import type { GuestCatalogue } from './guest-catalogue';
import { guestCatalogue as deCatalogue } from './guest-de';
import { guestCatalogue as enCatalogue } from './guest-en';
import { guestCatalogue as esCatalogue } from './guest-es';
import { guestCatalogue as frCatalogue } from './guest-fr';
import { guestCatalogue as itCatalogue } from './guest-it';
import type { GuestLocale } from './guest-locale';

/**
 * Texts the server itself says to guests (rest of the five languages): the demo
 * checkout, the pages of the tip page's plain form, who receives a tip ("receiver note") and the
 * error answers of the guest endpoints. Staff and admin answers stay German. What the browser
 * says too (the receiver note, a deactivated person's page) comes from the guest catalogues, so
 * both say the same words. Server-only: it holds every language.
 */
export interface GuestServerTexts {
  /** Title and message of the guest endpoints' errors, by error code. */
  errors: Record<GuestErrorCode, { title: string; message: string }>;
  receiver: GuestCatalogue['first']['receiver'];
  demo: {
    /** The checkout's heading, as the tip's description says it (tips/service.ts describeTip). */
    tipFor: (name: string) => string;
    tipForTeam: (team: string) => string;
    pageTitle: string;
    notice: string;
    tip: string;
    fee: string;
    total: string;
    pay: string;
    cancel: string;
    fail: string;
    explanation: string;
    closed: Record<'paid' | 'failed' | 'expired', { title: string; text: string }>;
    back: string;
    missingTitle: string;
    missingText: string;
    home: string;
  };
  form: {
    notPaidTitle: string;
    notPaidText: string;
    badAmountTitle: string;
    back: string;
    /** The note of the pages the browser renders, for a browser without JavaScript. */
    noScript: string;
  };
}

export const GUEST_ERROR_CODES = [
  'validation_failed',
  'rate_limited',
  'payment_in_progress',
  'max_retries',
  'retry_too_soon',
  'tip_not_found',
  'pay_later_not_found',
  'pay_later_expired',
  'pay_later_used',
  'pay_later_amount_mismatch',
  'pay_later_in_progress',
  'pay_later_mismatch',
  'payment_unavailable',
  'code_not_found',
  'code_inactive',
  'recipient_not_found',
  'recipient_deactivated',
  'business_deactivated',
  'retry_not_allowed',
  'tip_token_invalid',
  'feedback_not_allowed',
  'feedback_already_sent',
  'qr_code_invalid',
  'receipt_not_paid',
  'receipt_limit',
  'receipt_not_sent',
  'reply_needs_message',
  'pay_later_mail_limit',
  'pay_later_mail_not_sent',
] as const;
export type GuestErrorCode = (typeof GUEST_ERROR_CODES)[number];

export function isGuestErrorCode(code: string): code is GuestErrorCode {
  return (GUEST_ERROR_CODES as readonly string[]).includes(code);
}

/** A deactivated person's error in the words of that language's page (TipPageProblem). */
const personGoneOf = (catalogue: GuestCatalogue) => ({
  title: catalogue.pages.tipPage.personGone.title,
  message: catalogue.pages.tipPage.personGone.description,
});

const de: GuestServerTexts = {
  errors: {
    validation_failed: {
      title: 'Ungültige Eingabe',
      message: 'Bitte geben Sie den Betrag als Zahl ein, z. B. 12,50 oder 12.',
    },
    rate_limited: {
      title: 'Zu viele Anfragen',
      message: 'Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    },
    payment_in_progress: {
      title: 'Zahlung läuft bereits',
      message: 'Bitte warten Sie, bis die laufende Zahlung abgeschlossen ist.',
    },
    max_retries: {
      title: 'Maximale Versuche erreicht',
      message: 'Bitte wenden Sie sich an das Personal für Hilfe.',
    },
    retry_too_soon: {
      title: 'Bitte kurz warten',
      message: 'Der nächste Versuch ist in wenigen Sekunden möglich.',
    },
    tip_not_found: {
      title: 'Trinkgeld nicht gefunden',
      message: 'Zu dieser Angabe gibt es kein Trinkgeld.',
    },
    pay_later_not_found: { title: 'Link ungültig', message: 'Diesen Zahlungslink gibt es nicht.' },
    pay_later_expired: {
      title: 'Link abgelaufen',
      message: 'Dieser Zahlungslink ist abgelaufen: Links zum späteren Zahlen gelten 24 Stunden.',
    },
    pay_later_used: {
      title: 'Link bereits verwendet',
      message: 'Über diesen Zahlungslink wurde schon bezahlt. Vielen Dank!',
    },
    pay_later_amount_mismatch: {
      title: 'Betrag passt nicht zum Link',
      message: 'Über diesen Zahlungslink kann nur der Betrag des Links bezahlt werden.',
    },
    pay_later_in_progress: {
      title: 'Zahlung läuft bereits',
      message:
        'Über diesen Zahlungslink läuft gerade eine Zahlung. Bitte warten Sie einige Minuten und öffnen Sie den Link dann erneut.',
    },
    pay_later_mismatch: {
      title: 'Link ungültig',
      message: 'Dieser Zahlungslink gehört zu einem anderen Code.',
    },
    payment_unavailable: {
      title: 'Zahlungsabwicklung nicht verfügbar',
      message: 'Das Personal wurde bereits informiert. Bitte versuchen Sie es später noch einmal.',
    },
    code_not_found: {
      title: 'Ungültige UID',
      message: 'Zu diesem Link gibt es keinen Bezahlpunkt.',
    },
    code_inactive: {
      title: 'Code nicht aktiv',
      message: 'Dieser Code ist nicht mehr aktiv. Bitte wenden Sie sich an das Personal.',
    },
    recipient_not_found: {
      title: 'Mitarbeiter nicht gefunden',
      message: 'Zu diesem Code gibt es niemanden mehr, der Trinkgeld empfangen kann.',
    },
    recipient_deactivated: personGoneOf(deCatalogue),
    business_deactivated: {
      title: 'Service nicht verfügbar',
      message: 'Dieser Betrieb nimmt derzeit kein digitales Trinkgeld an.',
    },
    retry_not_allowed: {
      title: 'Zahlung bereits erledigt',
      message: 'Diese Zahlung ist schon abgeschlossen oder läuft noch.',
    },
    tip_token_invalid: {
      title: 'Zugriff verweigert',
      message: 'Dieser Nachweis gehört zu einer anderen Zahlung.',
    },
    feedback_not_allowed: {
      title: 'Feedback nicht möglich',
      message: 'Feedback ist nur nach einer erfolgreichen Zahlung möglich.',
    },
    feedback_already_sent: {
      title: 'Feedback bereits gesendet',
      message: 'Zu diesem Trinkgeld wurde schon ein Feedback gesendet.',
    },
    qr_code_invalid: { title: 'QR-Code nicht gültig', message: 'Dieser QR-Code ist nicht gültig.' },
    receipt_not_paid: {
      title: 'Beleg nicht möglich',
      message: 'Einen Beleg gibt es nur für ein bezahltes Trinkgeld.',
    },
    receipt_limit: {
      title: 'Zu viele Belege',
      message: 'Für dieses Trinkgeld wurden heute schon genug Belege verschickt.',
    },
    receipt_not_sent: {
      title: 'Beleg nicht verschickt',
      message:
        'Der Beleg konnte gerade nicht verschickt werden. Bitte versuchen Sie es später erneut.',
    },
    reply_needs_message: {
      title: 'Antwort per E-Mail nicht möglich',
      message:
        'Eine Antwort gibt es nur auf eine Nachricht. Schreiben Sie ein paar Worte oder verzichten Sie auf die Antwort per E-Mail.',
    },
    pay_later_mail_limit: {
      title: 'Zu viele E-Mails',
      message: 'Dieser Zahlungslink wurde heute schon oft genug verschickt.',
    },
    pay_later_mail_not_sent: {
      title: 'Link nicht verschickt',
      message:
        'Der Zahlungslink konnte gerade nicht verschickt werden. Bitte versuchen Sie es später erneut.',
    },
  },
  receiver: deCatalogue.first.receiver,
  demo: {
    tipFor: (name) => `Trinkgeld für ${name}`,
    tipForTeam: (team) => `Trinkgeld für das Team ${team}`,
    pageTitle: 'Bezahlen',
    notice: 'Demo-Kasse – es wird kein echtes Geld bewegt',
    tip: 'Trinkgeld',
    fee: 'Servicebeitrag',
    total: 'Gesamt',
    pay: 'Bezahlen',
    cancel: 'Abbrechen',
    fail: 'Fehlschlagen',
    explanation:
      'Hier würde der Zahlungsanbieter Karte, Apple Pay oder Google Pay abfragen. In der Demo wählen Sie selbst, wie die Zahlung ausgeht.',
    closed: {
      paid: { title: 'Bereits bezahlt', text: 'Diese Zahlung ist schon abgeschlossen.' },
      failed: { title: 'Zahlung fehlgeschlagen', text: 'Diese Zahlung ist fehlgeschlagen.' },
      expired: {
        title: 'Zahlung abgelaufen',
        text: 'Diese Zahlung ist abgelaufen. Bitte starten Sie neu.',
      },
    },
    back: 'Zurück zur Trinkgeldseite',
    missingTitle: 'Zahlung nicht gefunden',
    missingText: 'Diese Zahlungssitzung gibt es nicht.',
    home: 'Zur Startseite',
  },
  form: {
    notPaidTitle: 'Zahlung nicht abgeschlossen',
    notPaidText: 'Es wurde nichts abgebucht. Sie können es noch einmal versuchen.',
    badAmountTitle: 'Betrag nicht möglich',
    back: 'Zurück zur Trinkgeld-Seite',
    noScript: 'Bitte aktivieren Sie JavaScript, um Trinkgeld zu geben.',
  },
};

const en: GuestServerTexts = {
  errors: {
    validation_failed: {
      title: 'Invalid input',
      message: 'Please enter the amount as a number, e.g. 12.50 or 12.',
    },
    rate_limited: {
      title: 'Too many requests',
      message: 'Please wait a moment and try again.',
    },
    payment_in_progress: {
      title: 'Payment already in progress',
      message: 'Please wait until the current payment has finished.',
    },
    max_retries: {
      title: 'Maximum attempts reached',
      message: 'Please ask the staff for help.',
    },
    retry_too_soon: {
      title: 'Please wait a moment',
      message: 'The next attempt is possible in a few seconds.',
    },
    tip_not_found: { title: 'Tip not found', message: 'There is no tip for this reference.' },
    pay_later_not_found: { title: 'Invalid link', message: 'This payment link does not exist.' },
    pay_later_expired: {
      title: 'Link expired',
      message: 'This payment link has expired: pay-later links are valid for 24 hours.',
    },
    pay_later_used: {
      title: 'Link already used',
      message: 'This payment link has already been paid. Thank you!',
    },
    pay_later_amount_mismatch: {
      title: 'Amount does not match the link',
      message: "Only the link's amount can be paid through this payment link.",
    },
    pay_later_in_progress: {
      title: 'Payment already in progress',
      message:
        'A payment through this link is in progress. Please wait a few minutes and then open the link again.',
    },
    pay_later_mismatch: {
      title: 'Invalid link',
      message: 'This payment link belongs to another code.',
    },
    payment_unavailable: {
      title: 'Payments unavailable',
      message: 'The staff have already been informed. Please try again later.',
    },
    code_not_found: { title: 'Invalid UID', message: 'There is no payment point for this link.' },
    code_inactive: {
      title: 'Code not active',
      message: 'This code is no longer active. Please ask the staff.',
    },
    recipient_not_found: {
      title: 'Employee not found',
      message: 'There is no longer anyone who can receive tips through this code.',
    },
    recipient_deactivated: personGoneOf(enCatalogue),
    business_deactivated: {
      title: 'Service unavailable',
      message: 'This business does not accept digital tips at the moment.',
    },
    retry_not_allowed: {
      title: 'Payment already handled',
      message: 'This payment has already been completed or is still in progress.',
    },
    tip_token_invalid: {
      title: 'Access denied',
      message: 'This proof belongs to another payment.',
    },
    feedback_not_allowed: {
      title: 'Feedback not possible',
      message: 'Feedback is only possible after a successful payment.',
    },
    feedback_already_sent: {
      title: 'Feedback already sent',
      message: 'Feedback has already been sent for this tip.',
    },
    qr_code_invalid: { title: 'QR code not valid', message: 'This QR code is not valid.' },
    receipt_not_paid: {
      title: 'Receipt not possible',
      message: 'A receipt is only available for a paid tip.',
    },
    receipt_limit: {
      title: 'Too many receipts',
      message: 'Enough receipts have already been sent for this tip today.',
    },
    receipt_not_sent: {
      title: 'Receipt not sent',
      message: 'The receipt could not be sent just now. Please try again later.',
    },
    reply_needs_message: {
      title: 'Reply by e-mail not possible',
      message:
        'A reply needs a message to answer. Write a few words or do without the reply by e-mail.',
    },
    pay_later_mail_limit: {
      title: 'Too many e-mails',
      message: 'This payment link has been sent often enough today.',
    },
    pay_later_mail_not_sent: {
      title: 'Link not sent',
      message: 'The payment link could not be sent just now. Please try again later.',
    },
  },
  receiver: enCatalogue.first.receiver,
  demo: {
    tipFor: (name) => `Tip for ${name}`,
    tipForTeam: (team) => `Tip for the team ${team}`,
    pageTitle: 'Pay',
    notice: 'Demo checkout – no real money is moved',
    tip: 'Tip',
    fee: 'Service contribution',
    total: 'Total',
    pay: 'Pay',
    cancel: 'Cancel',
    fail: 'Fail',
    explanation:
      'Here the payment provider would ask for a card, Apple Pay or Google Pay. In the demo you choose how the payment ends.',
    closed: {
      paid: { title: 'Already paid', text: 'This payment has already been completed.' },
      failed: { title: 'Payment failed', text: 'This payment has failed.' },
      expired: { title: 'Payment expired', text: 'This payment has expired. Please start again.' },
    },
    back: 'Back to the tip page',
    missingTitle: 'Payment not found',
    missingText: 'This payment session does not exist.',
    home: 'To the home page',
  },
  form: {
    notPaidTitle: 'Payment not completed',
    notPaidText: 'Nothing was charged. You can try again.',
    badAmountTitle: 'Amount not possible',
    back: 'Back to the tip page',
    noScript: 'Please enable JavaScript to leave a tip.',
  },
};

const fr: GuestServerTexts = {
  errors: {
    validation_failed: {
      title: 'Saisie invalide',
      message: 'Veuillez saisir le montant en chiffres, par ex. 12,50 ou 12.',
    },
    rate_limited: {
      title: 'Trop de requêtes',
      message: 'Veuillez patienter un instant et réessayer.',
    },
    payment_in_progress: {
      title: 'Paiement déjà en cours',
      message: 'Veuillez attendre la fin du paiement en cours.',
    },
    max_retries: {
      title: 'Nombre maximal de tentatives atteint',
      message: "Veuillez demander de l'aide au personnel.",
    },
    retry_too_soon: {
      title: 'Veuillez patienter',
      message: 'La prochaine tentative sera possible dans quelques secondes.',
    },
    tip_not_found: {
      title: 'Pourboire introuvable',
      message: "Il n'existe aucun pourboire pour cette référence.",
    },
    pay_later_not_found: {
      title: 'Lien invalide',
      message: "Ce lien de paiement n'existe pas.",
    },
    pay_later_expired: {
      title: 'Lien expiré',
      message:
        'Ce lien de paiement a expiré : les liens de paiement différé sont valables 24 heures.',
    },
    pay_later_used: {
      title: 'Lien déjà utilisé',
      message: 'Ce lien de paiement a déjà été payé. Merci !',
    },
    pay_later_amount_mismatch: {
      title: 'Le montant ne correspond pas au lien',
      message: 'Seul le montant du lien peut être payé avec ce lien de paiement.',
    },
    pay_later_in_progress: {
      title: 'Paiement déjà en cours',
      message:
        'Un paiement est en cours avec ce lien. Veuillez patienter quelques minutes, puis rouvrir le lien.',
    },
    pay_later_mismatch: {
      title: 'Lien invalide',
      message: 'Ce lien de paiement appartient à un autre code.',
    },
    payment_unavailable: {
      title: 'Paiement indisponible',
      message: 'Le personnel a déjà été informé. Veuillez réessayer plus tard.',
    },
    code_not_found: {
      title: 'UID invalide',
      message: "Il n'existe aucun point de paiement pour ce lien.",
    },
    code_inactive: {
      title: 'Code inactif',
      message: "Ce code n'est plus actif. Veuillez vous adresser au personnel.",
    },
    recipient_not_found: {
      title: 'Employé introuvable',
      message: 'Plus personne ne peut recevoir de pourboire avec ce code.',
    },
    recipient_deactivated: personGoneOf(frCatalogue),
    business_deactivated: {
      title: 'Service indisponible',
      message: "Cet établissement n'accepte pas de pourboires numériques pour le moment.",
    },
    retry_not_allowed: {
      title: 'Paiement déjà traité',
      message: 'Ce paiement est déjà terminé ou encore en cours.',
    },
    tip_token_invalid: {
      title: 'Accès refusé',
      message: 'Cette preuve appartient à un autre paiement.',
    },
    feedback_not_allowed: {
      title: 'Avis impossible',
      message: "Un avis n'est possible qu'après un paiement réussi.",
    },
    feedback_already_sent: {
      title: 'Avis déjà envoyé',
      message: 'Un avis a déjà été envoyé pour ce pourboire.',
    },
    qr_code_invalid: { title: 'QR code non valide', message: "Ce QR code n'est pas valide." },
    receipt_not_paid: {
      title: 'Reçu impossible',
      message: "Un reçu n'est disponible que pour un pourboire payé.",
    },
    receipt_limit: {
      title: 'Trop de reçus',
      message: "Assez de reçus ont déjà été envoyés aujourd'hui pour ce pourboire.",
    },
    receipt_not_sent: {
      title: 'Reçu non envoyé',
      message: "Le reçu n'a pas pu être envoyé pour le moment. Veuillez réessayer plus tard.",
    },
    reply_needs_message: {
      title: 'Réponse par e-mail impossible',
      message:
        'Une réponse suppose un message. Écrivez quelques mots ou renoncez à la réponse par e-mail.',
    },
    pay_later_mail_limit: {
      title: "Trop d'e-mails",
      message: "Ce lien de paiement a déjà été envoyé assez souvent aujourd'hui.",
    },
    pay_later_mail_not_sent: {
      title: 'Lien non envoyé',
      message:
        "Le lien de paiement n'a pas pu être envoyé pour le moment. Veuillez réessayer plus tard.",
    },
  },
  receiver: frCatalogue.first.receiver,
  demo: {
    tipFor: (name) => `Pourboire pour ${name}`,
    tipForTeam: (team) => `Pourboire pour l'équipe ${team}`,
    pageTitle: 'Payer',
    notice: "Caisse de démonstration – aucun argent réel n'est débité",
    tip: 'Pourboire',
    fee: 'Contribution de service',
    total: 'Total',
    pay: 'Payer',
    cancel: 'Annuler',
    fail: 'Faire échouer',
    explanation:
      'Ici, le prestataire de paiement demanderait une carte, Apple Pay ou Google Pay. Dans la démo, vous choisissez vous-même l’issue du paiement.',
    closed: {
      paid: { title: 'Déjà payé', text: 'Ce paiement est déjà terminé.' },
      failed: { title: 'Paiement échoué', text: 'Ce paiement a échoué.' },
      expired: { title: 'Paiement expiré', text: 'Ce paiement a expiré. Veuillez recommencer.' },
    },
    back: 'Retour à la page de pourboire',
    missingTitle: 'Paiement introuvable',
    missingText: "Cette session de paiement n'existe pas.",
    home: "Vers la page d'accueil",
  },
  form: {
    notPaidTitle: 'Paiement non terminé',
    notPaidText: "Rien n'a été débité. Vous pouvez réessayer.",
    badAmountTitle: 'Montant impossible',
    back: 'Retour à la page de pourboire',
    noScript: 'Veuillez activer JavaScript pour laisser un pourboire.',
  },
};

const es: GuestServerTexts = {
  errors: {
    validation_failed: {
      title: 'Entrada no válida',
      message: 'Introduzca el importe como número, p. ej. 12,50 o 12.',
    },
    rate_limited: {
      title: 'Demasiadas solicitudes',
      message: 'Espere un momento y vuelva a intentarlo.',
    },
    payment_in_progress: {
      title: 'Pago ya en curso',
      message: 'Espere a que termine el pago en curso.',
    },
    max_retries: {
      title: 'Número máximo de intentos alcanzado',
      message: 'Pida ayuda al personal.',
    },
    retry_too_soon: {
      title: 'Espere un momento',
      message: 'El siguiente intento será posible en unos segundos.',
    },
    tip_not_found: {
      title: 'Propina no encontrada',
      message: 'No hay ninguna propina para esta referencia.',
    },
    pay_later_not_found: { title: 'Enlace no válido', message: 'Este enlace de pago no existe.' },
    pay_later_expired: {
      title: 'Enlace caducado',
      message: 'Este enlace de pago ha caducado: los enlaces para pagar más tarde valen 24 horas.',
    },
    pay_later_used: {
      title: 'Enlace ya utilizado',
      message: 'Este enlace de pago ya se ha pagado. ¡Gracias!',
    },
    pay_later_amount_mismatch: {
      title: 'El importe no coincide con el enlace',
      message: 'Con este enlace de pago solo se puede pagar el importe del enlace.',
    },
    pay_later_in_progress: {
      title: 'Pago ya en curso',
      message:
        'Hay un pago en curso con este enlace. Espere unos minutos y vuelva a abrir el enlace.',
    },
    pay_later_mismatch: {
      title: 'Enlace no válido',
      message: 'Este enlace de pago pertenece a otro código.',
    },
    payment_unavailable: {
      title: 'Pagos no disponibles',
      message: 'El personal ya ha sido informado. Vuelva a intentarlo más tarde.',
    },
    code_not_found: {
      title: 'UID no válido',
      message: 'No hay ningún punto de pago para este enlace.',
    },
    code_inactive: {
      title: 'Código no activo',
      message: 'Este código ya no está activo. Diríjase al personal.',
    },
    recipient_not_found: {
      title: 'Empleado no encontrado',
      message: 'Ya no hay nadie que pueda recibir propinas con este código.',
    },
    recipient_deactivated: personGoneOf(esCatalogue),
    business_deactivated: {
      title: 'Servicio no disponible',
      message: 'Este establecimiento no acepta propinas digitales en este momento.',
    },
    retry_not_allowed: {
      title: 'Pago ya gestionado',
      message: 'Este pago ya se ha completado o sigue en curso.',
    },
    tip_token_invalid: {
      title: 'Acceso denegado',
      message: 'Este comprobante pertenece a otro pago.',
    },
    feedback_not_allowed: {
      title: 'Comentario no posible',
      message: 'Solo puede dejar un comentario tras un pago realizado con éxito.',
    },
    feedback_already_sent: {
      title: 'Comentario ya enviado',
      message: 'Ya se ha enviado un comentario para esta propina.',
    },
    qr_code_invalid: { title: 'Código QR no válido', message: 'Este código QR no es válido.' },
    receipt_not_paid: {
      title: 'Recibo no posible',
      message: 'Solo hay recibo para una propina pagada.',
    },
    receipt_limit: {
      title: 'Demasiados recibos',
      message: 'Hoy ya se han enviado suficientes recibos para esta propina.',
    },
    receipt_not_sent: {
      title: 'Recibo no enviado',
      message: 'No se ha podido enviar el recibo en este momento. Vuelva a intentarlo más tarde.',
    },
    reply_needs_message: {
      title: 'Respuesta por correo no disponible',
      message:
        'Solo se puede responder a un mensaje. Escriba unas palabras o renuncie a la respuesta por correo.',
    },
    pay_later_mail_limit: {
      title: 'Demasiados correos',
      message: 'Este enlace de pago ya se ha enviado suficientes veces hoy.',
    },
    pay_later_mail_not_sent: {
      title: 'Enlace no enviado',
      message:
        'No se ha podido enviar el enlace de pago en este momento. Vuelva a intentarlo más tarde.',
    },
  },
  receiver: esCatalogue.first.receiver,
  demo: {
    tipFor: (name) => `Propina para ${name}`,
    tipForTeam: (team) => `Propina para el equipo ${team}`,
    pageTitle: 'Pagar',
    notice: 'Caja de demostración: no se mueve dinero real',
    tip: 'Propina',
    fee: 'Contribución al servicio',
    total: 'Total',
    pay: 'Pagar',
    cancel: 'Cancelar',
    fail: 'Hacer fallar',
    explanation:
      'Aquí el proveedor de pagos pediría una tarjeta, Apple Pay o Google Pay. En la demo usted elige cómo termina el pago.',
    closed: {
      paid: { title: 'Ya pagado', text: 'Este pago ya se ha completado.' },
      failed: { title: 'Pago fallido', text: 'Este pago ha fallado.' },
      expired: { title: 'Pago caducado', text: 'Este pago ha caducado. Vuelva a empezar.' },
    },
    back: 'Volver a la página de propina',
    missingTitle: 'Pago no encontrado',
    missingText: 'Esta sesión de pago no existe.',
    home: 'A la página de inicio',
  },
  form: {
    notPaidTitle: 'Pago no completado',
    notPaidText: 'No se ha cobrado nada. Puede volver a intentarlo.',
    badAmountTitle: 'Importe no posible',
    back: 'Volver a la página de propina',
    noScript: 'Active JavaScript para dejar una propina.',
  },
};

const it: GuestServerTexts = {
  errors: {
    validation_failed: {
      title: 'Inserimento non valido',
      message: "Inserisca l'importo come numero, ad es. 12,50 o 12.",
    },
    rate_limited: {
      title: 'Troppe richieste',
      message: 'Attenda un momento e riprovi.',
    },
    payment_in_progress: {
      title: 'Pagamento già in corso',
      message: 'Attenda la conclusione del pagamento in corso.',
    },
    max_retries: {
      title: 'Numero massimo di tentativi raggiunto',
      message: 'Chieda aiuto al personale.',
    },
    retry_too_soon: {
      title: 'Attenda un momento',
      message: 'Il prossimo tentativo sarà possibile tra pochi secondi.',
    },
    tip_not_found: {
      title: 'Mancia non trovata',
      message: 'Non esiste alcuna mancia per questo riferimento.',
    },
    pay_later_not_found: {
      title: 'Link non valido',
      message: 'Questo link di pagamento non esiste.',
    },
    pay_later_expired: {
      title: 'Link scaduto',
      message: 'Questo link di pagamento è scaduto: i link per pagare più tardi valgono 24 ore.',
    },
    pay_later_used: {
      title: 'Link già utilizzato',
      message: 'Questo link di pagamento è già stato pagato. Grazie!',
    },
    pay_later_amount_mismatch: {
      title: "L'importo non corrisponde al link",
      message: "Con questo link di pagamento si può pagare solo l'importo del link.",
    },
    pay_later_in_progress: {
      title: 'Pagamento già in corso',
      message:
        'È in corso un pagamento con questo link. Attenda qualche minuto e poi riapra il link.',
    },
    pay_later_mismatch: {
      title: 'Link non valido',
      message: 'Questo link di pagamento appartiene a un altro codice.',
    },
    payment_unavailable: {
      title: 'Pagamenti non disponibili',
      message: 'Il personale è già stato informato. Riprovi più tardi.',
    },
    code_not_found: {
      title: 'UID non valido',
      message: 'Non esiste alcun punto di pagamento per questo link.',
    },
    code_inactive: {
      title: 'Codice non attivo',
      message: 'Questo codice non è più attivo. Si rivolga al personale.',
    },
    recipient_not_found: {
      title: 'Dipendente non trovato',
      message: 'Non c’è più nessuno che possa ricevere mance con questo codice.',
    },
    recipient_deactivated: personGoneOf(itCatalogue),
    business_deactivated: {
      title: 'Servizio non disponibile',
      message: 'Questa struttura al momento non accetta mance digitali.',
    },
    retry_not_allowed: {
      title: 'Pagamento già gestito',
      message: 'Questo pagamento è già concluso o ancora in corso.',
    },
    tip_token_invalid: {
      title: 'Accesso negato',
      message: 'Questa prova appartiene a un altro pagamento.',
    },
    feedback_not_allowed: {
      title: 'Feedback non possibile',
      message: 'Il feedback è possibile solo dopo un pagamento riuscito.',
    },
    feedback_already_sent: {
      title: 'Feedback già inviato',
      message: 'Per questa mancia è già stato inviato un feedback.',
    },
    qr_code_invalid: { title: 'Codice QR non valido', message: 'Questo codice QR non è valido.' },
    receipt_not_paid: {
      title: 'Ricevuta non possibile',
      message: 'La ricevuta è disponibile solo per una mancia pagata.',
    },
    receipt_limit: {
      title: 'Troppe ricevute',
      message: 'Oggi sono già state inviate abbastanza ricevute per questa mancia.',
    },
    receipt_not_sent: {
      title: 'Ricevuta non inviata',
      message: 'Al momento non è stato possibile inviare la ricevuta. Riprovi più tardi.',
    },
    reply_needs_message: {
      title: 'Risposta via e-mail non possibile',
      message:
        'Si può rispondere solo a un messaggio. Scriva qualche parola o rinunci alla risposta via e-mail.',
    },
    pay_later_mail_limit: {
      title: 'Troppe e-mail',
      message: 'Questo link di pagamento è già stato inviato abbastanza volte oggi.',
    },
    pay_later_mail_not_sent: {
      title: 'Link non inviato',
      message: 'Al momento non è stato possibile inviare il link di pagamento. Riprovi più tardi.',
    },
  },
  receiver: itCatalogue.first.receiver,
  demo: {
    tipFor: (name) => `Mancia per ${name}`,
    tipForTeam: (team) => `Mancia per il team ${team}`,
    pageTitle: 'Paga',
    notice: 'Cassa demo: non viene mosso denaro reale',
    tip: 'Mancia',
    fee: 'Contributo di servizio',
    total: 'Totale',
    pay: 'Paga',
    cancel: 'Annulla',
    fail: 'Fai fallire',
    explanation:
      'Qui il fornitore di pagamento chiederebbe una carta, Apple Pay o Google Pay. Nella demo scegli tu come finisce il pagamento.',
    closed: {
      paid: { title: 'Già pagato', text: 'Questo pagamento è già concluso.' },
      failed: { title: 'Pagamento non riuscito', text: 'Questo pagamento non è riuscito.' },
      expired: { title: 'Pagamento scaduto', text: 'Questo pagamento è scaduto. Ricominci.' },
    },
    back: 'Torna alla pagina della mancia',
    missingTitle: 'Pagamento non trovato',
    missingText: 'Questa sessione di pagamento non esiste.',
    home: 'Alla pagina iniziale',
  },
  form: {
    notPaidTitle: 'Pagamento non concluso',
    notPaidText: 'Non è stato addebitato nulla. Può riprovare.',
    badAmountTitle: 'Importo non possibile',
    back: 'Torna alla pagina della mancia',
    noScript: 'Attivi JavaScript per lasciare una mancia.',
  },
};

export const GUEST_SERVER_TEXTS: Record<GuestLocale, GuestServerTexts> = { de, en, fr, es, it };

/** Every guest catalogue: the server renders guest pages in any of the five languages. */
export const GUEST_CATALOGUES: Record<GuestLocale, GuestCatalogue> = {
  de: deCatalogue,
  en: enCatalogue,
  fr: frCatalogue,
  es: esCatalogue,
  it: itCatalogue,
};

/**
 * A guest endpoint's error in the guest's language. German, and any code without a
 * translation, keep the error's own words. A deactivated person without a team or business page
 * to offer sends the guest to the staff instead.
 */
export function guestErrorWords(
  error: {
    code: string;
    title: string;
    message: string;
    alternatives?: readonly unknown[] | undefined;
  },
  locale: GuestLocale,
): { title: string; message: string } {
  if (locale === 'de' || !isGuestErrorCode(error.code)) {
    return { title: error.title, message: error.message };
  }
  const words = GUEST_SERVER_TEXTS[locale].errors[error.code];
  if (error.code === 'recipient_deactivated' && !error.alternatives?.length) {
    return { title: words.title, message: GUEST_CATALOGUES[locale].pages.tipPage.personGone.alone };
  }
  return words;
}
