import { italianTones } from './guest-it-tones';
import type { GuestCatalogue } from './guest-catalogue';

/** Italian texts of the guest pages, loaded only when Italian is the active language. */
export const guestCatalogue: GuestCatalogue = {
  first: {
    pageTitle: 'Lascia una mancia',
    pageDescription: 'Lascia una mancia – veloce, sicuro e senza app.',
    loading: 'Caricamento...',
    legal: { label: 'Note legali', imprint: 'Note legali', privacy: 'Privacy' },
    language: 'Lingua',
    amount: {
      title: 'Lascia una mancia',
      presetsLabel: 'Scegli un importo',
      customLabel: 'Altro importo',
      customPlaceholder: '0,00',
      continue: (formatted) => `Continua al pagamento · ${formatted}`,
      tooHigh: (max) => `L’importo può essere al massimo ${max}.`,
      tooLow: (min) => `L’importo deve essere almeno ${min}.`,
      notANumber: 'Inserisca l’importo come numero, ad es. 12,50 o 12.',
      tooManyDecimals: 'Inserisca al massimo due decimali, ad es. 12,50.',
      linkAmount: (typed, why) => `L’importo «${typed}» del link non può essere utilizzato. ${why}`,
      payCustom: 'Continua al pagamento',
    },
    defaultThanks: 'Grazie mille per la Sua mancia!',
    tonality: {
      formal: {
        greeting: 'La ringraziamo per la Sua visita.',
        defaultThanks: 'La ringraziamo sentitamente per la Sua mancia.',
        successTitle: 'La ringraziamo sentitamente per il Suo apprezzamento.',
      },
      friendly: {
        greeting: 'Che bello averLa qui!',
        defaultThanks: 'Grazie mille per la Sua mancia!',
        successTitle: 'Grazie per il suo apprezzamento!',
      },
      casual: {
        greeting: 'Che bello vederti!',
        defaultThanks: 'Grazie per la tua mancia!',
        successTitle: 'Grazie, ci hai fatto felici!',
      },
    },
    receiver: {
      todayOne: (name) => `Oggi la Sua mancia va a ${name}.`,
      todayMany: (names) => `La Sua mancia va al team di servizio di oggi: ${names}.`,
      pool: (business) =>
        `Al momento qui non è assegnato nessuno: la sua mancia va a ${business}, che la distribuisce al suo team.`,
      businessTeam: (business) => `La Sua mancia va al team di ${business}.`,
      todayTeam: 'La Sua mancia va al team di servizio di oggi.',
      todayTeamWeighted: (n) =>
        `La Sua mancia va al team di servizio di oggi e viene divisa a punti tra ${n} dipendenti.`,
      todayTeamEqual: (n) =>
        `La Sua mancia va al team di servizio di oggi e viene divisa in parti uguali tra ${n} dipendenti.`,
      team: 'La Sua mancia va al team.',
      weighted: (n) => `La Sua mancia viene divisa a punti tra ${n} dipendenti.`,
      equal: (n) => `La Sua mancia viene divisa in parti uguali tra ${n} dipendenti.`,
      and: 'e',
    },
  },
  outcome: {
    tip: {
      payLaterLink: {
        invalid: { title: 'Link non valido', description: 'Questo link di pagamento non esiste.' },
        expired: {
          title: 'Link scaduto',
          description:
            'Questo link di pagamento è scaduto: i link per pagare più tardi valgono 24 ore.',
        },
        used: {
          title: 'Link già utilizzato',
          description: 'Questo link di pagamento è già stato pagato. Grazie!',
        },
      },
      success: {
        title: 'Grazie per il suo apprezzamento!',
        transferred: (name) => `è stata inviata con successo a ${name}`,
        contribution: (fee) => `In più il suo contributo di servizio alla piattaforma: ${fee}`,
        totalPaid: (total) => `Totale pagato: ${total}`,
        done: 'Fine',
      },
      error: {
        title: 'Purtroppo non è stato possibile completare il pagamento',
        retry: 'Riprova',
        retryIn: (seconds) => `Riprova (${seconds} s)`,
        payLater: 'Paga più tardi',
        back: 'Indietro',
        payLaterNote: 'Il link vale 24 ore.',
        payLaterLinkLabel: 'Il suo link per pagare più tardi',
        payLaterEmailLabel: 'Inviare il link al mio indirizzo e-mail',
        payLaterEmailHint: "L'indirizzo serve solo per questa e-mail e non viene salvato.",
        payLaterEmailSend: 'Ricevere il link',
        payLaterEmailSent: (email) => `Link inviato a ${email}`,
        payLaterEmailFailed: 'Non è stato possibile inviare il link. Riprovi.',
        attemptsLeft: (left) =>
          left === 1 ? 'Ancora 1 tentativo possibile.' : `Ancora ${left} tentativi possibili.`,
        trustSsl: 'Crittografia SSL',
        trustProvider: (provider) => `Pagamento sicuro tramite ${provider}`,
        maxRetries: 'Numero massimo di tentativi raggiunto. Chieda aiuto al personale.',
      },
      providers: { stripe: 'Stripe', demo: 'Stripe (modalità demo)' },
      processor: {
        by: (provider) => `Pagamento elaborato in modo sicuro da ${provider}`,
        brands: 'Visa · Mastercard · American Express · Apple Pay · Google Pay',
      },
      feedback: {
        title: 'Vuoi aggiungere qualcosa?',
        description: 'Scelga una reazione e, se vuole, scriva qualche parola.',
        emojiLabel: 'Reazione',
        emojiNames: { smile: 'Sorriso', clap: 'Applauso', pray: 'Grazie' },
        messageLabel: 'Messaggio (facoltativo)',
        skip: 'Salta',
        send: 'Invia',
        done: 'Fine',
      },
      errorDialog: { close: 'Chiudi', restart: 'Ricomincia', retry: 'Riprova' },
      receipt: {
        title: 'Ricevuta via e-mail',
        emailLabel: 'Indirizzo e-mail (facoltativo)',
        hint: "L'indirizzo serve solo per l'invio e non viene salvato.",
        replyOptIn: 'Ricevere la risposta via e-mail',
        replyHint:
          "In tal caso conserviamo l'indirizzo cifrato fino all'invio della risposta, al massimo 30 giorni.",
        purposeLegend: "Per cosa usiamo l'indirizzo",
        choosePurpose: "Scelga per cosa dobbiamo usare l'indirizzo.",
        replyNeedsMessage: 'Una risposta risponde a un messaggio: scriva qualche parola sopra.',
        replyTo: (email) => `Invieremo la risposta a ${email}.`,
        send: 'Ricevere la ricevuta',
        sent: (email) => `Ricevuta inviata a ${email}`,
        invalid: 'Inserisca un indirizzo e-mail valido.',
        tooMany: 'Troppi tentativi. Riprovi più tardi.',
        failed: 'Non è stato possibile inviare la ricevuta. Riprovi.',
      },
    },
    payment: {
      title: 'Metodo di pagamento',
      back: 'Torna all’importo',
      tip: 'Mancia',
      serviceFee: 'Contributo di servizio',
      total: 'Totale',
      feeCheckbox: (fee) => `Mi faccio carico dei costi della piattaforma di ${fee}`,
      feeHint: 'Il 100 % della mancia arriva – il contributo copre i costi della piattaforma.',
      feeThanks: 'Grazie per il suo sostegno!',
      messageLabel: 'Messaggio personale (facoltativo)',
      messagePlaceholder: 'Qualche parola gentile …',
      counter: (used, max) => `${used}/${max}`,
      applePay: 'Apple Pay',
      googlePay: 'Google Pay',
      card: 'Paga con carta',
      processingButton: 'Preparazione del pagamento...',
      processingNotice: 'Pagamento in corso - attenda...',
      checking: 'Verifica del pagamento...',
      alreadyRunning: 'Pagamento già in corso',
      alreadyRunningDescription: 'Attenda la fine del pagamento in corso.',
      payLaterValid: (until) => `Link di pagamento valido fino al ${until}`,
    },
    toasts: {
      linkCopied: 'Link copiato',
      linkCopiedDescription: 'Il link vale 24 ore.',
      copyFailed: 'Copia non riuscita',
      copyFailedDescription: 'Non è stato possibile copiare il link.',
      maxRetries: 'Numero massimo di tentativi raggiunto',
      maxRetriesDescription: 'Chieda aiuto al personale.',
    },
    errors: {
      invalid_qr: {
        title: 'Codice QR non trovato',
        description:
          'Questo codice non è più valido o è stato disattivato. Si rivolga al personale.',
      },
      stripe_not_connected: {
        title: 'Pagamento non disponibile',
        description: 'Il personale è già stato informato. Riprovi più tardi.',
      },
      session_expired: {
        title: 'Sessione scaduta',
        description: 'Scansioni di nuovo il codice QR per ricominciare.',
      },
      business_deactivated: {
        title: 'Servizio non disponibile',
        description: 'Questo locale al momento non accetta mance digitali.',
      },
      payment_cancelled: {
        title: 'Pagamento annullato',
        description: 'Ha annullato il pagamento. Non è stato addebitato nulla.',
      },
      payment_failed: {
        title: 'Purtroppo non è stato possibile completare il pagamento',
        description: 'Il pagamento è stato rifiutato. Non è stato addebitato nulla.',
      },
      payment_timeout: {
        title: 'Tempo scaduto',
        description: 'Il pagamento ha richiesto troppo tempo. Non è stato addebitato nulla.',
      },
      network_error: {
        title: 'Problema di connessione',
        description: 'Controlli la connessione a Internet e riprovi.',
      },
      unknown: {
        title: 'Errore sconosciuto',
        description: 'Qualcosa è andato storto. Riprovi.',
      },
    },
  },
  pages: {
    tipPage: {
      closePage: 'Chiudi pagina',
      closeHint: 'Ora può chiudere questa finestra.',
      reload: 'Ricarica',
      notFound: {
        title: 'Dipendente non trovato',
        description: 'Con questo codice non c’è più nessuno che possa ricevere mance.',
      },
      loadFailed: {
        title: 'Errore',
        description: 'Non è stato possibile caricare i dati del dipendente.',
      },
      deactivated: {
        title: 'Servizio non disponibile',
        description: 'Questo locale al momento non accetta mance digitali.',
      },
      personGone: {
        title: 'Non più raggiungibile',
        description:
          'Questa persona non riceve più mance con questo codice. Può invece lasciare una mancia qui.',
        alone: 'Questa persona non riceve più mance con questo codice. Si rivolga al personale.',
      },
      tipTeam: (team) => `Lascia una mancia al team ${team}`,
      tipBusiness: (business) => `Lascia una mancia a ${business}`,
      codeInactive: {
        title: 'Codice non attivo',
        description: 'Questo codice non è più attivo. Si rivolga al personale.',
      },
    },
    thankYou: {
      pageTitle: 'Grazie',
      loading: 'Caricamento...',
      errorTitle: 'Errore',
      errorDescription: 'Non è stato possibile mostrare la mancia.',
      heading: 'Grazie!',
      amountLabel: 'Importo',
      tipFor: (name) => `Mancia per ${name}`,
      contribution: 'Contributo di servizio (piattaforma)',
      totalPaid: 'Totale pagato',
      backToTipPage: 'Torna alla pagina della mancia',
      closePage: 'Chiudi pagina',
      closeHint: 'Ora può chiudere questa finestra.',
      transactionId: 'ID transazione',
      yourMessage: 'Il suo messaggio',
      share: 'Consiglia le mance digitali',
      shareTitle: 'Mance – digitali e senza app',
      shareText: 'Lasciare una mancia con un codice QR – senza app, in pochi secondi.',
      shareCopied: 'Link copiato negli appunti!',
      toastMissing: 'Nessun ID mancia o ID sessione trovato',
      toastLoadFailed: 'Non è stato possibile caricare i dati della mancia',
      toastNotFound: 'Mancia non trovata',
      toastUnexpected: 'Si è verificato un errore',
      deliveryTitle: 'Arrivato',
      delivered: (amount, names, date) =>
        `${amount} sono arrivati a ${names} il ${date}, senza alcuna trattenuta`,
      replyFrom: (name) => `Risposta di ${name}`,
    },
    qrError: {
      pageTitle: 'Codice QR non valido',
      title: 'Codice QR non valido',
      description:
        'Questo codice QR non è (più) valido o è stato disattivato. Scansioni un altro codice o chieda al personale.',
      rescan: 'Scansiona un nuovo codice QR',
      closePage: 'Chiudi pagina',
      closeHint: 'Ora può chiudere questa finestra.',
      support: 'Contatta il supporto',
    },
    invalidUid: {
      pageTitle: 'UID non valido',
      title: 'UID non valido',
      description:
        'Questo link per la mancia non funziona. L’indirizzo è incompleto, scritto male o appartiene a un codice che non esiste più.',
      /** What to do now, in plain words. */
      whatToDo: 'Scansioni di nuovo il codice QR sul posto o chieda il link giusto al personale.',
      back: 'Indietro',
      closePage: 'Chiudi pagina',
      closeHint: 'Ora può chiudere questa finestra.',
      support: 'Contatta il supporto',
    },
  },
  tones: italianTones,
};
