import type { GuestLocale } from '../../../shared/i18n/guest-locale';

/**
 * The texts of /impressum and /datenschutz in the five guest languages. `contact` is the
 * already-escaped contact (a mailto link or text); the placeholders name the variable to set.
 */
export interface LegalTexts {
  imprint: string;
  privacy: string;
  provider: string;
  register: string;
  contactHeading: string;
  email: string;
  /** "[Betreiber eintragen: LEGAL_OPERATOR]". */
  fill: {
    operator: string;
    address: string;
    register: string;
    enter: (what: string, variable: string) => string;
  };
  controller: string;
  tipping: string;
  tippingText: string;
  messageText: string;
  paymentData: string;
  paymentDataText: string;
  statistics: string;
  statisticsText: string;
  retention: string;
  retentionText: string;
  rights: string;
  rightsText: (contact: string) => string;
}

export const LEGAL_TEXTS: Record<GuestLocale, LegalTexts> = {
  de: {
    imprint: 'Impressum',
    privacy: 'Datenschutzerklärung',
    provider: 'Anbieter',
    register: 'Registereintrag',
    contactHeading: 'Kontakt',
    email: 'E-Mail',
    fill: {
      operator: 'Betreiber',
      address: 'Anschrift',
      register: 'Registereintrag',
      enter: (what, variable) => `${what} eintragen: ${variable}`,
    },
    controller: 'Verantwortlich',
    tipping: 'Trinkgeld geben',
    tippingText:
      'Für ein Trinkgeld brauchen Sie kein Konto. Wir speichern den Betrag, den optionalen Servicebeitrag, die Zahlungsart, den Zeitpunkt und den Bezahlpunkt (QR-Code oder Link), an den Sie gegeben haben.',
    messageText:
      'Ihre Nachricht und Ihre Reaktion (Emoji) sind freiwillig; sie werden dem empfangenden Mitarbeiter bzw. Team angezeigt und mit dem Trinkgeld gespeichert.',
    paymentData: 'Zahlungsdaten',
    paymentDataText:
      'Kartendaten und Wallet-Zahlungen (Apple Pay, Google Pay) gibt der Zahlungsanbieter (Stripe) direkt ein und verarbeitet sie; wir erhalten sie nicht. Wir speichern nur die Kennung der Zahlung beim Zahlungsanbieter.',
    statistics: 'Nutzungsstatistik',
    statisticsText:
      'Die Trinkgeld-Seite zählt wenige Ereignisse (Seite geladen, Betrag gewählt, Zahlung gestartet, erfolgreich oder fehlgeschlagen, Feedback) mit festen Angaben wie Betrag und Fehlerart. Dabei speichern wir keine IP-Adressen, keine Gerätekennungen und keine Cookies. Im Browser-Tab liegt nur eine zufällige Sitzungskennung (sessionStorage), die mit dem Schließen des Tabs verschwindet; die gewählte Sprache merkt sich der Browser (localStorage), bis Sie sie ändern.',
    retention: 'Speicherdauer',
    retentionText:
      'Trinkgelder, Nachrichten und Reaktionen bewahren wir für die gesetzlichen Aufbewahrungsfristen auf (bis zu 10 Jahre nach § 147 AO); Nutzungsstatistiken höchstens 13 Monate. Links zum späteren Zahlen gelten 24 Stunden.',
    rights: 'Ihre Rechte',
    rightsText: (contact) =>
      `Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie auf Beschwerde bei einer Datenschutz-Aufsichtsbehörde. Schreiben Sie uns: ${contact}`,
  },
  en: {
    imprint: 'Legal notice',
    privacy: 'Privacy policy',
    provider: 'Provider',
    register: 'Register entry',
    contactHeading: 'Contact',
    email: 'Email',
    fill: {
      operator: 'operator',
      address: 'address',
      register: 'register entry',
      enter: (what, variable) => `Enter ${what}: ${variable}`,
    },
    controller: 'Controller',
    tipping: 'Leaving a tip',
    tippingText:
      'You do not need an account to leave a tip. We store the amount, the optional service contribution, the payment method, the time and the payment point (QR code or link) you tipped through.',
    messageText:
      'Your message and your reaction (emoji) are optional; they are shown to the receiving employee or team and stored with the tip.',
    paymentData: 'Payment data',
    paymentDataText:
      'Card details and wallet payments (Apple Pay, Google Pay) are entered at and processed by the payment provider (Stripe); we never receive them. We only store the payment’s reference at the provider.',
    statistics: 'Usage statistics',
    statisticsText:
      'The tip page counts a few events (page loaded, amount chosen, payment started, succeeded or failed, feedback) with fixed details such as the amount and the kind of error. We store no IP addresses, no device identifiers and no cookies. The browser tab keeps only a random session identifier (sessionStorage) that disappears when the tab is closed; the browser remembers the language you chose (localStorage) until you change it.',
    retention: 'Retention',
    retentionText:
      'We keep tips, messages and reactions for the statutory retention periods (up to 10 years under § 147 of the German Fiscal Code); usage statistics for at most 13 months. Pay-later links are valid for 24 hours.',
    rights: 'Your rights',
    rightsText: (contact) =>
      `You have the right of access, rectification, erasure, restriction of processing, data portability and objection, and the right to lodge a complaint with a data protection supervisory authority. Write to us: ${contact}`,
  },
  fr: {
    imprint: 'Mentions légales',
    privacy: 'Politique de confidentialité',
    provider: 'Éditeur',
    register: 'Immatriculation',
    contactHeading: 'Contact',
    email: 'E-mail',
    fill: {
      operator: 'l’exploitant',
      address: 'l’adresse',
      register: 'l’immatriculation',
      enter: (what, variable) => `Indiquer ${what}: ${variable}`,
    },
    controller: 'Responsable du traitement',
    tipping: 'Laisser un pourboire',
    tippingText:
      'Vous n’avez pas besoin de compte pour laisser un pourboire. Nous enregistrons le montant, la contribution de service facultative, le moyen de paiement, l’heure et le point de paiement (QR code ou lien) utilisé.',
    messageText:
      'Votre message et votre réaction (emoji) sont facultatifs ; ils sont affichés à l’employé ou à l’équipe qui reçoit le pourboire et enregistrés avec celui-ci.',
    paymentData: 'Données de paiement',
    paymentDataText:
      'Les données de carte et les paiements par wallet (Apple Pay, Google Pay) sont saisis et traités directement par le prestataire de paiement (Stripe) ; nous ne les recevons pas. Nous enregistrons uniquement la référence du paiement chez le prestataire.',
    statistics: 'Statistiques d’utilisation',
    statisticsText:
      'La page de pourboire compte quelques événements (page chargée, montant choisi, paiement lancé, réussi ou échoué, avis) avec des données fixes comme le montant et le type d’erreur. Nous n’enregistrons ni adresses IP, ni identifiants d’appareil, ni cookies. L’onglet du navigateur ne conserve qu’un identifiant de session aléatoire (sessionStorage), qui disparaît à la fermeture de l’onglet ; le navigateur mémorise la langue choisie (localStorage) jusqu’à ce que vous la changiez.',
    retention: 'Durée de conservation',
    retentionText:
      'Nous conservons les pourboires, messages et réactions pendant les durées légales de conservation (jusqu’à 10 ans selon le § 147 du code fiscal allemand) ; les statistiques d’utilisation 13 mois au maximum. Les liens pour payer plus tard sont valables 24 heures.',
    rights: 'Vos droits',
    rightsText: (contact) =>
      `Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation du traitement, de portabilité et d’opposition, ainsi que du droit d’introduire une réclamation auprès d’une autorité de contrôle. Écrivez-nous : ${contact}`,
  },
  es: {
    imprint: 'Aviso legal',
    privacy: 'Política de privacidad',
    provider: 'Titular',
    register: 'Inscripción registral',
    contactHeading: 'Contacto',
    email: 'Correo electrónico',
    fill: {
      operator: 'el titular',
      address: 'la dirección',
      register: 'la inscripción registral',
      enter: (what, variable) => `Indicar ${what}: ${variable}`,
    },
    controller: 'Responsable',
    tipping: 'Dejar una propina',
    tippingText:
      'No necesita una cuenta para dejar una propina. Guardamos el importe, la contribución de servicio opcional, el método de pago, el momento y el punto de pago (código QR o enlace) utilizado.',
    messageText:
      'Su mensaje y su reacción (emoji) son opcionales; se muestran al empleado o equipo que recibe la propina y se guardan con ella.',
    paymentData: 'Datos de pago',
    paymentDataText:
      'Los datos de la tarjeta y los pagos con wallet (Apple Pay, Google Pay) se introducen y procesan directamente en el proveedor de pagos (Stripe); nosotros no los recibimos. Solo guardamos la referencia del pago en el proveedor.',
    statistics: 'Estadísticas de uso',
    statisticsText:
      'La página de propinas cuenta unos pocos eventos (página cargada, importe elegido, pago iniciado, completado o fallido, opinión) con datos fijos como el importe y el tipo de error. No guardamos direcciones IP, identificadores de dispositivo ni cookies. La pestaña del navegador solo guarda un identificador de sesión aleatorio (sessionStorage), que desaparece al cerrarla; el navegador recuerda el idioma elegido (localStorage) hasta que lo cambie.',
    retention: 'Plazo de conservación',
    retentionText:
      'Conservamos las propinas, mensajes y reacciones durante los plazos legales de conservación (hasta 10 años según el § 147 del Código Tributario alemán); las estadísticas de uso, 13 meses como máximo. Los enlaces para pagar más tarde son válidos 24 horas.',
    rights: 'Sus derechos',
    rightsText: (contact) =>
      `Tiene derecho de acceso, rectificación, supresión, limitación del tratamiento, portabilidad y oposición, así como a presentar una reclamación ante una autoridad de protección de datos. Escríbanos: ${contact}`,
  },
  it: {
    imprint: 'Note legali',
    privacy: 'Informativa sulla privacy',
    provider: 'Gestore',
    register: 'Iscrizione al registro',
    contactHeading: 'Contatto',
    email: 'E-mail',
    fill: {
      operator: 'il gestore',
      address: 'l’indirizzo',
      register: 'l’iscrizione al registro',
      enter: (what, variable) => `Inserire ${what}: ${variable}`,
    },
    controller: 'Titolare del trattamento',
    tipping: 'Lasciare una mancia',
    tippingText:
      'Per lasciare una mancia non serve un account. Salviamo l’importo, il contributo di servizio facoltativo, il metodo di pagamento, l’ora e il punto di pagamento (codice QR o link) utilizzato.',
    messageText:
      'Il messaggio e la reazione (emoji) sono facoltativi; vengono mostrati al dipendente o al team che riceve la mancia e salvati con essa.',
    paymentData: 'Dati di pagamento',
    paymentDataText:
      'I dati della carta e i pagamenti con wallet (Apple Pay, Google Pay) vengono inseriti ed elaborati direttamente dal fornitore di pagamento (Stripe); noi non li riceviamo. Salviamo solo il riferimento del pagamento presso il fornitore.',
    statistics: 'Statistiche di utilizzo',
    statisticsText:
      'La pagina della mancia conta pochi eventi (pagina caricata, importo scelto, pagamento avviato, riuscito o fallito, feedback) con dati fissi come l’importo e il tipo di errore. Non salviamo indirizzi IP, identificativi del dispositivo né cookie. La scheda del browser conserva solo un identificativo di sessione casuale (sessionStorage), che scompare alla chiusura della scheda; il browser ricorda la lingua scelta (localStorage) finché non la cambia.',
    retention: 'Durata di conservazione',
    retentionText:
      'Conserviamo mance, messaggi e reazioni per i periodi di conservazione previsti dalla legge (fino a 10 anni ai sensi del § 147 del codice tributario tedesco); le statistiche di utilizzo per al massimo 13 mesi. I link per pagare più tardi valgono 24 ore.',
    rights: 'I suoi diritti',
    rightsText: (contact) =>
      `Ha diritto di accesso, rettifica, cancellazione, limitazione del trattamento, portabilità dei dati e opposizione, nonché di proporre reclamo a un’autorità di controllo per la protezione dei dati. Ci scriva: ${contact}`,
  },
};
