import type { GuestTones } from './guest-tonality';

const tryAgain = 'Réessaie, s’il te plaît.';
const closeHint = 'Tu peux maintenant fermer cette fenêtre.';
const toStaff = 'Adresse-toi au personnel.';

/** The French guest texts in 'tu' for 'Locker' (decision 0467); the default says 'vous'. */
export const frenchTones: GuestTones = {
  formal: {},
  casual: {
    first: {
      amount: {
        notANumber: 'Saisis le montant en chiffres, par ex. 12,50 ou 12.',
        tooManyDecimals: 'Saisis au plus deux décimales, par ex. 12,50.',
      },
      receiver: {
        todayOne: (name) => `Ton pourboire revient aujourd'hui à ${name}.`,
        todayMany: (names) => `Ton pourboire revient à l'équipe de service du jour : ${names}.`,
        pool: (business) =>
          `Personne n’est affecté ici pour le moment : ton pourboire va à ${business}, qui le répartit au sein de son équipe.`,
        businessTeam: (business) => `Ton pourboire revient à l'équipe de ${business}.`,
        todayTeam: "Ton pourboire revient à l'équipe de service du jour.",
        todayTeamWeighted: (n) =>
          `Ton pourboire revient à l'équipe de service du jour et est réparti selon des points entre ${n} employés.`,
        todayTeamEqual: (n) =>
          `Ton pourboire revient à l'équipe de service du jour et est réparti à parts égales entre ${n} employés.`,
        team: "Ton pourboire revient à l'équipe.",
        weighted: (n) => `Ton pourboire est réparti selon des points entre ${n} employés.`,
        equal: (n) => `Ton pourboire est réparti à parts égales entre ${n} employés.`,
      },
    },
    outcome: {
      tip: {
        success: {
          title: 'Merci à toi, ça nous fait super plaisir !',
          contribution: (fee) => `En plus, ta contribution de service à la plateforme : ${fee}`,
        },
        error: {
          payLaterLinkLabel: 'Ton lien pour payer plus tard',
          payLaterEmailFailed: `Le lien n'a pas pu être envoyé. ${tryAgain}`,
          maxRetries: 'Nombre maximal de tentatives atteint. Demande de l’aide au personnel.',
        },
        feedback: {
          title: 'Tu veux ajouter quelque chose ?',
          description: 'Choisis une réaction et, si tu veux, écris quelques mots.',
        },
        receipt: {
          choosePurpose: "Choisis à quoi doit servir l'adresse.",
          replyNeedsMessage: 'Une réponse répond à un message : écris quelques mots ci-dessus.',
          invalid: 'Saisis une adresse e-mail valide.',
          tooMany: 'Trop de tentatives. Réessaie plus tard.',
          failed: `Le reçu n'a pas pu être envoyé. ${tryAgain}`,
        },
      },
      payment: {
        feeHint:
          '100 % de ton pourboire arrive à destination – la contribution couvre les frais de la plateforme.',
        feeThanks: 'Merci pour ton soutien !',
        processingNotice: 'Paiement en cours - patiente un instant...',
        alreadyRunningDescription: 'Attends la fin du paiement en cours.',
      },
      toasts: { maxRetriesDescription: 'Demande de l’aide au personnel.' },
      errors: {
        invalid_qr: {
          description: `Ce code n’est plus valable ou a été désactivé. ${toStaff}`,
        },
        stripe_not_connected: { description: 'Le personnel a été informé. Réessaie plus tard.' },
        session_expired: { description: 'Scanne à nouveau le QR code pour recommencer.' },
        payment_cancelled: { description: 'Tu as annulé le paiement. Rien n’a été débité.' },
        payment_failed: { description: 'Ton paiement a été refusé. Rien n’a été débité.' },
        network_error: { description: 'Vérifie ta connexion Internet et réessaie.' },
        unknown: { description: `Un problème est survenu. ${tryAgain}` },
      },
    },
    pages: {
      tipPage: {
        closeHint,
        personGone: {
          description:
            'Cette personne ne reçoit plus de pourboires avec ce code. Tu peux plutôt laisser un pourboire ici.',
          alone: `Cette personne ne reçoit plus de pourboires avec ce code. ${toStaff}`,
        },
        codeInactive: { description: `Ce code n’est plus actif. ${toStaff}` },
      },
      thankYou: { closeHint, yourMessage: 'Ton message' },
      qrError: {
        description:
          'Ce QR code n’est pas (ou plus) valable ou a été désactivé. Scanne un autre code ou demande au personnel.',
        closeHint,
      },
      invalidUid: {
        whatToDo: 'Scanne à nouveau le QR code sur place ou demande le bon lien au personnel.',
        closeHint,
      },
    },
  },
};
