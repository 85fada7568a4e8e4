import type { GuestTones } from './guest-tonality';

const closeHint = 'Ora puoi chiudere questa finestra.';
const toStaff = 'Rivolgiti al personale.';

/**
 * The Italian guest texts for 'Förmlich' and 'Locker' (decision 0467): the default says 'Lei'
 * and keeps the spec's informal dialog title ('Vuoi …'), 'Förmlich' asks it with 'Lei' too,
 * 'Locker' says 'tu' everywhere.
 */
export const italianTones: GuestTones = {
  formal: {
    outcome: { tip: { feedback: { title: 'Vuole aggiungere qualcosa?' } } },
  },
  casual: {
    first: {
      amount: {
        notANumber: 'Inserisci l’importo come numero, ad es. 12,50 o 12.',
        tooManyDecimals: 'Inserisci al massimo due decimali, ad es. 12,50.',
      },
      receiver: {
        todayOne: (name) => `Oggi la tua mancia va a ${name}.`,
        todayMany: (names) => `La tua mancia va al team di servizio di oggi: ${names}.`,
        pool: (business) =>
          `Al momento qui non è assegnato nessuno: la tua mancia va a ${business}, che la distribuisce al suo team.`,
        businessTeam: (business) => `La tua mancia va al team di ${business}.`,
        todayTeam: 'La tua mancia va al team di servizio di oggi.',
        todayTeamWeighted: (n) =>
          `La tua mancia va al team di servizio di oggi e viene divisa a punti tra ${n} dipendenti.`,
        todayTeamEqual: (n) =>
          `La tua mancia va al team di servizio di oggi e viene divisa in parti uguali tra ${n} dipendenti.`,
        team: 'La tua mancia va al team.',
        weighted: (n) => `La tua mancia viene divisa a punti tra ${n} dipendenti.`,
        equal: (n) => `La tua mancia viene divisa in parti uguali tra ${n} dipendenti.`,
      },
    },
    outcome: {
      tip: {
        success: {
          title: 'Grazie, ci hai fatto felici!',
          contribution: (fee) => `In più il tuo contributo di servizio alla piattaforma: ${fee}`,
        },
        error: {
          payLaterLinkLabel: 'Il tuo link per pagare più tardi',
          payLaterEmailFailed: 'Non è stato possibile inviare il link. Riprova.',
          maxRetries: 'Numero massimo di tentativi raggiunto. Chiedi aiuto al personale.',
        },
        feedback: { description: 'Scegli una reazione e, se vuoi, scrivi qualche parola.' },
        receipt: {
          choosePurpose: "Scegli per cosa dobbiamo usare l'indirizzo.",
          replyNeedsMessage: 'Una risposta risponde a un messaggio: scrivi qualche parola sopra.',
          invalid: 'Inserisci un indirizzo e-mail valido.',
          tooMany: 'Troppi tentativi. Riprova più tardi.',
          failed: 'Non è stato possibile inviare la ricevuta. Riprova.',
        },
      },
      payment: {
        feeThanks: 'Grazie per il tuo sostegno!',
        processingNotice: 'Pagamento in corso - attendi...',
        alreadyRunningDescription: 'Attendi la fine del pagamento in corso.',
      },
      toasts: { maxRetriesDescription: 'Chiedi aiuto al personale.' },
      errors: {
        invalid_qr: {
          description: `Questo codice non è più valido o è stato disattivato. ${toStaff}`,
        },
        stripe_not_connected: {
          description: 'Il personale è già stato informato. Riprova più tardi.',
        },
        session_expired: { description: 'Scansiona di nuovo il codice QR per ricominciare.' },
        payment_cancelled: {
          description: 'Hai annullato il pagamento. Non è stato addebitato nulla.',
        },
        network_error: { description: 'Controlla la connessione a Internet e riprova.' },
        unknown: { description: 'Qualcosa è andato storto. Riprova.' },
      },
    },
    pages: {
      tipPage: {
        closeHint,
        personGone: {
          description:
            'Questa persona non riceve più mance con questo codice. Puoi invece lasciare una mancia qui.',
          alone: `Questa persona non riceve più mance con questo codice. ${toStaff}`,
        },
        codeInactive: { description: `Questo codice non è più attivo. ${toStaff}` },
      },
      thankYou: { closeHint, yourMessage: 'Il tuo messaggio' },
      qrError: {
        description:
          'Questo codice QR non è (più) valido o è stato disattivato. Scansiona un altro codice o chiedi al personale.',
        closeHint,
      },
      invalidUid: {
        whatToDo: 'Scansiona di nuovo il codice QR sul posto o chiedi il link giusto al personale.',
        closeHint,
      },
    },
  },
};
