import type { GuestTones } from './guest-tonality';

const toStaff = 'Bitte wende dich an das Personal.';
const tryAgain = 'Bitte versuch es noch einmal.';
const closeHint = 'Du kannst dieses Fenster jetzt schließen.';

/**
 * The German guest texts that 'Förmlich' and 'Locker' say differently from the default
 * (decision 0467): 'Förmlich' says 'Sie' everywhere, the feedback dialog too; 'Locker' says 'du'
 * everywhere. The greeting, the default thank-you and the success heading are in
 * `guestTexts.tonality`.
 */
export const germanTones: GuestTones = {
  formal: {
    outcome: {
      tip: { feedback: { title: 'Möchten Sie noch etwas sagen?' } },
    },
  },
  casual: {
    first: {
      amount: {
        notANumber: 'Bitte gib den Betrag als Zahl ein, z. B. 12,50 oder 12.',
      },
      receiver: {
        todayOne: (name) => `Dein Trinkgeld geht heute an ${name}.`,
        todayMany: (names) => `Dein Trinkgeld geht an das heutige Serviceteam: ${names}.`,
        pool: (business) =>
          `Gerade ist hier niemand eingeteilt: Dein Trinkgeld geht an ${business}, das es an sein Team verteilt.`,
        businessTeam: (business) => `Dein Trinkgeld geht an das Team von ${business}.`,
        todayTeam: 'Dein Trinkgeld geht an das heutige Serviceteam.',
        todayTeamWeighted: (n) =>
          `Dein Trinkgeld geht an das heutige Serviceteam und wird nach Punkten unter ${n} Mitarbeitenden aufgeteilt.`,
        todayTeamEqual: (n) =>
          `Dein Trinkgeld geht an das heutige Serviceteam und wird zu gleichen Teilen unter ${n} Mitarbeitenden aufgeteilt.`,
        team: 'Dein Trinkgeld geht an das Team.',
        weighted: (n) => `Dein Trinkgeld wird nach Punkten unter ${n} Mitarbeitenden aufgeteilt.`,
        equal: (n) =>
          `Dein Trinkgeld wird zu gleichen Teilen unter ${n} Mitarbeitenden aufgeteilt.`,
      },
    },
    outcome: {
      tip: {
        success: {
          title: 'Danke dir – das freut uns riesig!',
          contribution: (fee) => `Dazu dein Servicebeitrag für die Plattform: ${fee}`,
        },
        error: {
          payLaterLinkLabel: 'Dein Link zum späteren Zahlen',
          payLaterEmailFailed: `Der Link konnte nicht gesendet werden. ${tryAgain}`,
          maxRetries: 'Maximale Versuche erreicht. Bitte wende dich an das Personal für Hilfe.',
        },
        feedback: {
          description: 'Wähle eine Reaktion und schreib, wenn du magst, ein paar Worte.',
        },
        receipt: {
          choosePurpose: 'Bitte wähle, wofür wir die Adresse verwenden sollen.',
          replyNeedsMessage:
            'Eine Antwort gibt es auf eine Nachricht: Schreib oben ein paar Worte.',
          invalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
          tooMany: 'Zu viele Versuche. Bitte versuch es später noch einmal.',
          failed: `Der Beleg konnte nicht gesendet werden. ${tryAgain}`,
        },
      },
      payment: {
        feeHint: '100 % deines Trinkgelds kommen an – der Beitrag deckt die Plattformkosten.',
        feeThanks: 'Danke für deine Unterstützung!',
        processingNotice: 'Zahlung läuft - Bitte warte...',
        alreadyRunningDescription: 'Bitte warte, bis die laufende Zahlung abgeschlossen ist.',
      },
      toasts: { maxRetriesDescription: 'Bitte wende dich an das Personal für Hilfe.' },
      errors: {
        invalid_qr: {
          description: `Dieser Code ist nicht mehr gültig oder wurde deaktiviert. ${toStaff}`,
        },
        stripe_not_connected: {
          description:
            'Das Personal wurde bereits informiert. Bitte versuch es später noch einmal.',
        },
        session_expired: { description: 'Bitte scanne den QR-Code erneut, um neu zu starten.' },
        payment_cancelled: {
          description: 'Du hast die Zahlung abgebrochen. Es wurde nichts abgebucht.',
        },
        payment_failed: {
          description: 'Deine Zahlung wurde abgelehnt. Es wurde nichts abgebucht.',
        },
        network_error: {
          description: `Bitte prüf deine Internetverbindung. ${tryAgain}`,
        },
        unknown: { description: `Etwas ist schiefgelaufen. ${tryAgain}` },
      },
    },
    pages: {
      thankYou: { closeHint, yourMessage: 'Deine Nachricht' },
      qrError: {
        description:
          'Dieser QR-Code ist nicht (mehr) gültig oder wurde deaktiviert. Bitte scanne einen anderen Code oder frag das Personal.',
        closeHint,
      },
      invalidUid: {
        whatToDo:
          'Scanne den QR-Code vor Ort noch einmal oder frag das Personal nach dem richtigen Link.',
        closeHint,
      },
      tipPage: {
        closeHint,
        personGone: {
          description:
            'Diese Person nimmt über diesen Code kein Trinkgeld mehr an. Du kannst stattdessen hier ein Trinkgeld geben.',
          alone: `Diese Person nimmt über diesen Code kein Trinkgeld mehr an. ${toStaff}`,
        },
        codeInactive: { description: `Dieser Code ist nicht mehr aktiv. ${toStaff}` },
      },
    },
  },
};
