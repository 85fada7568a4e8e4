import { frenchTones } from './guest-fr-tones';
import type { GuestCatalogue } from './guest-catalogue';

/** French texts of the guest pages, loaded only when French is the active language. */
export const guestCatalogue: GuestCatalogue = {
  first: {
    pageTitle: 'Laisser un pourboire',
    pageDescription: 'Laisser un pourboire – rapide, sûr et sans application.',
    loading: 'Chargement...',
    legal: { label: 'Mentions légales', imprint: 'Mentions légales', privacy: 'Confidentialité' },
    language: 'Langue',
    amount: {
      title: 'Laisser un pourboire',
      presetsLabel: 'Choisir un montant',
      customLabel: 'Autre montant',
      customPlaceholder: '0,00',
      continue: (formatted) => `Continuer vers le paiement · ${formatted}`,
      tooHigh: (max) => `Le montant ne peut pas dépasser ${max}.`,
      tooLow: (min) => `Le montant doit être d’au moins ${min}.`,
      notANumber: 'Veuillez saisir le montant en chiffres, par ex. 12,50 ou 12.',
      tooManyDecimals: 'Veuillez saisir au plus deux décimales, par ex. 12,50.',
      linkAmount: (typed, why) => `Le montant « ${typed} » du lien ne peut pas être repris. ${why}`,
      payCustom: 'Continuer vers le paiement',
    },
    defaultThanks: 'Merci pour votre pourboire !',
    tonality: {
      formal: {
        greeting: 'Nous vous remercions de votre visite.',
        defaultThanks: 'Nous vous remercions pour votre pourboire.',
        successTitle: 'Nous vous remercions de votre reconnaissance.',
      },
      friendly: {
        greeting: 'Ravis de vous avoir accueilli !',
        defaultThanks: 'Merci pour votre pourboire !',
        successTitle: 'Merci pour votre reconnaissance !',
      },
      casual: {
        greeting: 'Trop cool que tu sois passé !',
        defaultThanks: 'Merci pour ton pourboire !',
        successTitle: 'Merci à toi, ça nous fait super plaisir !',
      },
    },
    receiver: {
      todayOne: (name) => `Votre pourboire revient aujourd'hui à ${name}.`,
      todayMany: (names) => `Votre pourboire revient à l'équipe de service du jour : ${names}.`,
      pool: (business) =>
        `Personne n’est affecté ici pour le moment : votre pourboire va à ${business}, qui le répartit au sein de son équipe.`,
      businessTeam: (business) => `Votre pourboire revient à l'équipe de ${business}.`,
      todayTeam: "Votre pourboire revient à l'équipe de service du jour.",
      todayTeamWeighted: (n) =>
        `Votre pourboire revient à l'équipe de service du jour et est réparti selon des points entre ${n} employés.`,
      todayTeamEqual: (n) =>
        `Votre pourboire revient à l'équipe de service du jour et est réparti à parts égales entre ${n} employés.`,
      team: "Votre pourboire revient à l'équipe.",
      weighted: (n) => `Votre pourboire est réparti selon des points entre ${n} employés.`,
      equal: (n) => `Votre pourboire est réparti à parts égales entre ${n} employés.`,
      and: 'et',
    },
  },
  outcome: {
    tip: {
      payLaterLink: {
        invalid: { title: 'Lien non valide', description: 'Ce lien de paiement n’existe pas.' },
        expired: {
          title: 'Lien expiré',
          description:
            'Ce lien de paiement a expiré : les liens pour payer plus tard sont valables 24 heures.',
        },
        used: {
          title: 'Lien déjà utilisé',
          description: 'Ce lien de paiement a déjà été payé. Merci !',
        },
      },
      success: {
        title: 'Merci pour votre reconnaissance !',
        transferred: (name) => `a bien été transmis à ${name}`,
        contribution: (fee) => `En plus, votre contribution de service à la plateforme : ${fee}`,
        totalPaid: (total) => `Total payé : ${total}`,
        done: 'Terminé',
      },
      error: {
        title: 'Le paiement n’a malheureusement pas pu aboutir',
        retry: 'Réessayer',
        retryIn: (seconds) => `Réessayer (${seconds} s)`,
        payLater: 'Payer plus tard',
        back: 'Retour',
        payLaterNote: 'Le lien est valable 24 heures.',
        payLaterLinkLabel: 'Votre lien pour payer plus tard',
        payLaterEmailLabel: 'Envoyer le lien à mon adresse e-mail',
        payLaterEmailHint: "L'adresse sert uniquement à cet e-mail et n'est pas enregistrée.",
        payLaterEmailSend: 'Recevoir le lien',
        payLaterEmailSent: (email) => `Lien envoyé à ${email}`,
        payLaterEmailFailed: "Le lien n'a pas pu être envoyé. Veuillez réessayer.",
        attemptsLeft: (left) =>
          left === 1 ? 'Encore 1 tentative possible.' : `Encore ${left} tentatives possibles.`,
        trustSsl: 'Chiffrement SSL',
        trustProvider: (provider) => `Paiement sécurisé via ${provider}`,
        maxRetries:
          'Nombre maximal de tentatives atteint. Veuillez demander de l’aide au personnel.',
      },
      providers: { stripe: 'Stripe', demo: 'Stripe (mode démo)' },
      processor: {
        by: (provider) => `Paiement traité en toute sécurité par ${provider}`,
        brands: 'Visa · Mastercard · American Express · Apple Pay · Google Pay',
      },
      feedback: {
        title: 'Vous voulez ajouter quelque chose ?',
        description: 'Choisissez une réaction et, si vous le souhaitez, écrivez quelques mots.',
        emojiLabel: 'Réaction',
        emojiNames: { smile: 'Sourire', clap: 'Applaudissements', pray: 'Merci' },
        messageLabel: 'Message (facultatif)',
        skip: 'Passer',
        send: 'Envoyer',
        done: 'Terminé',
      },
      errorDialog: { close: 'Fermer', restart: 'Recommencer', retry: 'Réessayer' },
      receipt: {
        title: 'Reçu par e-mail',
        emailLabel: 'Adresse e-mail (facultatif)',
        hint: "L'adresse sert uniquement à l'envoi et n'est pas enregistrée.",
        replyOptIn: 'Recevoir la réponse par e-mail',
        replyHint:
          "Nous conservons alors l'adresse chiffrée jusqu'à l'envoi de la réponse, 30 jours au plus.",
        purposeLegend: "À quoi nous sert l'adresse",
        choosePurpose: "Veuillez choisir à quoi doit servir l'adresse.",
        replyNeedsMessage: 'Une réponse répond à un message : écrivez quelques mots ci-dessus.',
        replyTo: (email) => `Nous enverrons la réponse à ${email}.`,
        send: 'Recevoir le reçu',
        sent: (email) => `Reçu envoyé à ${email}`,
        invalid: 'Veuillez saisir une adresse e-mail valide.',
        tooMany: 'Trop de tentatives. Veuillez réessayer plus tard.',
        failed: "Le reçu n'a pas pu être envoyé. Veuillez réessayer.",
      },
    },
    payment: {
      title: 'Moyen de paiement',
      back: 'Retour au choix du montant',
      tip: 'Pourboire',
      serviceFee: 'Contribution de service',
      total: 'Total',
      feeCheckbox: (fee) => `Je prends en charge les frais de plateforme de ${fee}`,
      feeHint:
        '100 % de votre pourboire arrive à destination – la contribution couvre les frais de la plateforme.',
      feeThanks: 'Merci pour votre soutien !',
      messageLabel: 'Message personnel (facultatif)',
      messagePlaceholder: 'Quelques mots gentils …',
      counter: (used, max) => `${used}/${max}`,
      applePay: 'Apple Pay',
      googlePay: 'Google Pay',
      card: 'Payer par carte',
      processingButton: 'Préparation du paiement...',
      processingNotice: 'Paiement en cours - veuillez patienter...',
      checking: 'Vérification du paiement...',
      alreadyRunning: 'Paiement déjà en cours',
      alreadyRunningDescription: 'Veuillez attendre la fin du paiement en cours.',
      payLaterValid: (until) => `Lien de paiement valable jusqu’au ${until}`,
    },
    toasts: {
      linkCopied: 'Lien copié',
      linkCopiedDescription: 'Le lien est valable 24 heures.',
      copyFailed: 'Échec de la copie',
      copyFailedDescription: 'Le lien n’a pas pu être copié.',
      maxRetries: 'Nombre maximal de tentatives atteint',
      maxRetriesDescription: 'Veuillez demander de l’aide au personnel.',
    },
    errors: {
      invalid_qr: {
        title: 'QR code introuvable',
        description:
          'Ce code n’est plus valable ou a été désactivé. Veuillez vous adresser au personnel.',
      },
      stripe_not_connected: {
        title: 'Paiement indisponible',
        description: 'Le personnel a été informé. Veuillez réessayer plus tard.',
      },
      session_expired: {
        title: 'Session expirée',
        description: 'Veuillez scanner à nouveau le QR code pour recommencer.',
      },
      business_deactivated: {
        title: 'Service indisponible',
        description: 'Cet établissement n’accepte pas de pourboires numériques pour le moment.',
      },
      payment_cancelled: {
        title: 'Paiement annulé',
        description: 'Vous avez annulé le paiement. Rien n’a été débité.',
      },
      payment_failed: {
        title: 'Le paiement n’a malheureusement pas pu aboutir',
        description: 'Votre paiement a été refusé. Rien n’a été débité.',
      },
      payment_timeout: {
        title: 'Délai dépassé',
        description: 'Le paiement a pris trop de temps. Rien n’a été débité.',
      },
      network_error: {
        title: 'Problème de connexion',
        description: 'Veuillez vérifier votre connexion Internet et réessayer.',
      },
      unknown: {
        title: 'Erreur inconnue',
        description: 'Un problème est survenu. Veuillez réessayer.',
      },
    },
  },
  pages: {
    tipPage: {
      closePage: 'Fermer la page',
      closeHint: 'Vous pouvez maintenant fermer cette fenêtre.',
      reload: 'Recharger',
      notFound: {
        title: 'Employé introuvable',
        description: 'Plus personne ne peut recevoir de pourboire avec ce code.',
      },
      loadFailed: {
        title: 'Erreur',
        description: 'Les informations de l’employé n’ont pas pu être chargées.',
      },
      deactivated: {
        title: 'Service indisponible',
        description: 'Cet établissement n’accepte pas de pourboires numériques pour le moment.',
      },
      personGone: {
        title: 'Plus joignable',
        description:
          'Cette personne ne reçoit plus de pourboires avec ce code. Vous pouvez plutôt laisser un pourboire ici.',
        alone:
          'Cette personne ne reçoit plus de pourboires avec ce code. Veuillez vous adresser au personnel.',
      },
      tipTeam: (team) => `Donner un pourboire à l'équipe ${team}`,
      tipBusiness: (business) => `Donner un pourboire à ${business}`,
      codeInactive: {
        title: 'Code inactif',
        description: 'Ce code n’est plus actif. Veuillez vous adresser au personnel.',
      },
    },
    thankYou: {
      pageTitle: 'Merci',
      loading: 'Chargement...',
      errorTitle: 'Erreur',
      errorDescription: 'Le pourboire n’a pas pu être affiché.',
      heading: 'Merci !',
      amountLabel: 'Montant',
      tipFor: (name) => `Pourboire pour ${name}`,
      contribution: 'Contribution de service (plateforme)',
      totalPaid: 'Total payé',
      backToTipPage: 'Retour à la page de pourboire',
      closePage: 'Fermer la page',
      closeHint: 'Vous pouvez maintenant fermer cette fenêtre.',
      transactionId: 'ID de transaction',
      yourMessage: 'Votre message',
      share: 'Recommander le pourboire numérique',
      shareTitle: 'Pourboire – numérique et sans application',
      shareText: 'Laisser un pourboire par QR code – sans application, en quelques secondes.',
      shareCopied: 'Lien copié dans le presse-papiers !',
      toastMissing: 'Aucun identifiant de pourboire ou de session trouvé',
      toastLoadFailed: 'Les données du pourboire n’ont pas pu être chargées',
      toastNotFound: 'Pourboire introuvable',
      toastUnexpected: 'Une erreur est survenue',
      deliveryTitle: 'Bien arrivé',
      delivered: (amount, names, date) =>
        `${amount} sont parvenus à ${names} le ${date}, sans aucune retenue`,
      replyFrom: (name) => `Réponse de ${name}`,
    },
    qrError: {
      pageTitle: 'QR code non valide',
      title: 'QR code non valide',
      description:
        'Ce QR code n’est pas (ou plus) valable ou a été désactivé. Veuillez scanner un autre code ou demander au personnel.',
      rescan: 'Scanner un nouveau QR code',
      closePage: 'Fermer la page',
      closeHint: 'Vous pouvez maintenant fermer cette fenêtre.',
      support: 'Contacter le support',
    },
    invalidUid: {
      pageTitle: 'UID non valide',
      title: 'UID non valide',
      description:
        'Ce lien de pourboire ne fonctionne pas. L’adresse est incomplète, mal saisie ou correspond à un code qui n’existe plus.',
      /** What to do now, in plain words. */
      whatToDo: 'Scannez à nouveau le QR code sur place ou demandez le bon lien au personnel.',
      back: 'Retour',
      closePage: 'Fermer la page',
      closeHint: 'Vous pouvez maintenant fermer cette fenêtre.',
      support: 'Contacter le support',
    },
  },
  tones: frenchTones,
};
