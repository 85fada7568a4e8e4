import type { GuestCatalogue } from './guest-catalogue';

/** Spanish texts of the guest pages, loaded only when Spanish is the active language. */
export const guestCatalogue: GuestCatalogue = {
  first: {
    pageTitle: 'Dejar una propina',
    pageDescription: 'Dejar una propina – rápido, seguro y sin app.',
    loading: 'Cargando...',
    legal: { label: 'Aviso legal', imprint: 'Aviso legal', privacy: 'Privacidad' },
    language: 'Idioma',
    amount: {
      title: 'Dejar una propina',
      presetsLabel: 'Elegir importe',
      customLabel: 'Otro importe',
      customPlaceholder: '0,00',
      continue: (formatted) => `Continuar al pago · ${formatted}`,
      tooHigh: (max) => `El importe no puede superar ${max}.`,
      invalid: 'Introduzca un importe superior a 0 €.',
      notANumber: 'Introduzca el importe como número, p. ej. 12,50 o 12.',
      tooManyDecimals: 'Introduzca como máximo dos decimales, p. ej. 12,50.',
      linkAmount: (typed, why) => `El importe «${typed}» del enlace no se puede utilizar. ${why}`,
      payCustom: 'Continuar al pago',
    },
    defaultThanks: '¡Muchas gracias por su propina!',
    tonality: {
      formal: {
        greeting: 'Le agradecemos su visita.',
        defaultThanks: 'Le agradecemos sinceramente su propina.',
        successTitle: 'Le agradecemos sinceramente su reconocimiento.',
      },
      friendly: {
        greeting: '¡Qué bien que nos haya visitado!',
        defaultThanks: '¡Muchas gracias por su propina!',
        successTitle: '¡Gracias por su reconocimiento!',
      },
      casual: {
        greeting: '¡Qué guay que hayas venido!',
        defaultThanks: '¡Gracias por tu propina!',
        successTitle: '¡Gracias, nos has alegrado el día!',
      },
    },
    receiver: {
      todayOne: (name) => `Su propina es hoy para ${name}.`,
      todayMany: (names) => `Su propina es para el equipo de servicio de hoy: ${names}.`,
      pool: (business) =>
        `Ahora mismo no hay nadie asignado aquí: su propina va a ${business}, que la reparte entre su equipo.`,
      businessTeam: (business) => `Su propina es para el equipo de ${business}.`,
      todayTeam: 'Su propina es para el equipo de servicio de hoy.',
      todayTeamWeighted: (n) =>
        `Su propina es para el equipo de servicio de hoy y se reparte por puntos entre ${n} empleados.`,
      todayTeamEqual: (n) =>
        `Su propina es para el equipo de servicio de hoy y se reparte a partes iguales entre ${n} empleados.`,
      team: 'Su propina es para el equipo.',
      weighted: (n) => `Su propina se reparte por puntos entre ${n} empleados.`,
      equal: (n) => `Su propina se reparte a partes iguales entre ${n} empleados.`,
      and: 'y',
    },
  },
  outcome: {
    tip: {
      payLaterLink: {
        invalid: { title: 'Enlace no válido', description: 'Este enlace de pago no existe.' },
        expired: {
          title: 'Enlace caducado',
          description:
            'Este enlace de pago ha caducado: los enlaces para pagar más tarde son válidos 24 horas.',
        },
        used: {
          title: 'Enlace ya utilizado',
          description: 'Este enlace de pago ya se ha pagado. ¡Gracias!',
        },
      },
      success: {
        title: '¡Gracias por su reconocimiento!',
        transferred: (name) => `se ha enviado correctamente a ${name}`,
        contribution: (fee) => `Además, su contribución de servicio a la plataforma: ${fee}`,
        totalPaid: (total) => `Total pagado: ${total}`,
        done: 'Listo',
      },
      error: {
        title: 'Lamentablemente no se pudo completar el pago',
        retry: 'Reintentar',
        retryIn: (seconds) => `Reintentar (${seconds} s)`,
        payLater: 'Pagar más tarde',
        back: 'Atrás',
        payLaterNote: 'El enlace es válido 24 horas.',
        payLaterLinkLabel: 'Su enlace para pagar más tarde',
        attemptsLeft: (left) => (left === 1 ? 'Queda 1 intento.' : `Quedan ${left} intentos.`),
        trustSsl: 'Cifrado SSL',
        trustProvider: (provider) => `Pago seguro con ${provider}`,
        maxRetries: 'Se ha alcanzado el máximo de intentos. Pida ayuda al personal.',
      },
      providers: { stripe: 'Stripe', demo: 'Stripe (modo demo)' },
      processor: {
        by: (provider) => `Pago procesado de forma segura por ${provider}`,
        brands: 'Visa · Mastercard · American Express · Apple Pay · Google Pay',
      },
      feedback: {
        title: '¿Quiere añadir algo más?',
        description: 'Elija una reacción y, si quiere, escriba unas palabras.',
        emojiLabel: 'Reacción',
        emojiNames: { smile: 'Sonrisa', clap: 'Aplausos', pray: 'Gracias' },
        messageLabel: 'Mensaje (opcional)',
        skip: 'Omitir',
        send: 'Enviar',
        done: 'Listo',
      },
      errorDialog: { close: 'Cerrar', restart: 'Empezar de nuevo', retry: 'Reintentar' },
      receipt: {
        title: 'Recibo por correo',
        emailLabel: 'Correo electrónico (opcional)',
        hint: 'La dirección solo se usa para el envío y no se guarda.',
        replyOptIn: 'Recibir la respuesta por correo',
        replyHint:
          'Entonces guardamos la dirección cifrada hasta que se envíe la respuesta, 30 días como máximo.',
        send: 'Recibir el recibo',
        sent: (email) => `Recibo enviado a ${email}`,
        invalid: 'Introduzca una dirección de correo válida.',
        tooMany: 'Demasiados intentos. Inténtelo de nuevo más tarde.',
        failed: 'No se ha podido enviar el recibo. Inténtelo de nuevo.',
      },
    },
    payment: {
      title: 'Método de pago',
      back: 'Volver al importe',
      tip: 'Propina',
      serviceFee: 'Contribución de servicio',
      total: 'Total',
      feeCheckbox: (fee) => `Asumo los costes de la plataforma de ${fee}`,
      feeHint: 'El 100 % de su propina llega – la contribución cubre los costes de la plataforma.',
      feeThanks: '¡Gracias por su apoyo!',
      messageLabel: 'Mensaje personal (opcional)',
      messagePlaceholder: 'Unas palabras amables …',
      counter: (used, max) => `${used}/${max}`,
      applePay: 'Apple Pay',
      googlePay: 'Google Pay',
      card: 'Pagar con tarjeta',
      processingButton: 'Preparando el pago...',
      processingNotice: 'Pago en curso - espere, por favor...',
      checking: 'Comprobando el pago...',
      alreadyRunning: 'El pago ya está en curso',
      alreadyRunningDescription: 'Espere a que termine el pago en curso.',
      payLaterValid: (until) => `Enlace de pago válido hasta ${until}`,
    },
    toasts: {
      linkCopied: 'Enlace copiado',
      linkCopiedDescription: 'El enlace es válido 24 horas.',
      copyFailed: 'No se pudo copiar',
      copyFailedDescription: 'No se pudo copiar el enlace.',
      maxRetries: 'Máximo de intentos alcanzado',
      maxRetriesDescription: 'Pida ayuda al personal.',
    },
    errors: {
      invalid_qr: {
        title: 'Código QR no encontrado',
        description: 'Este código ya no es válido o se ha desactivado. Diríjase al personal.',
      },
      stripe_not_connected: {
        title: 'Pago no disponible',
        description: 'El personal ya ha sido informado. Inténtelo de nuevo más tarde.',
      },
      session_expired: {
        title: 'Sesión caducada',
        description: 'Escanee de nuevo el código QR para empezar otra vez.',
      },
      business_deactivated: {
        title: 'Servicio no disponible',
        description: 'Este establecimiento no acepta propinas digitales en este momento.',
      },
      payment_cancelled: {
        title: 'Pago cancelado',
        description: 'Ha cancelado el pago. No se ha cobrado nada.',
      },
      payment_failed: {
        title: 'Lamentablemente no se pudo completar el pago',
        description: 'Su pago ha sido rechazado. No se ha cobrado nada.',
      },
      payment_timeout: {
        title: 'Tiempo agotado',
        description: 'El pago ha tardado demasiado. No se ha cobrado nada.',
      },
      network_error: {
        title: 'Problema de conexión',
        description: 'Compruebe su conexión a Internet e inténtelo de nuevo.',
      },
      unknown: {
        title: 'Error desconocido',
        description: 'Algo ha salido mal. Inténtelo de nuevo.',
      },
    },
  },
  pages: {
    tipPage: {
      closePage: 'Cerrar página',
      closeHint: 'Ya puede cerrar esta ventana.',
      reload: 'Volver a cargar',
      notFound: {
        title: 'Empleado no encontrado',
        description: 'Ya no hay nadie que pueda recibir propinas con este código.',
      },
      loadFailed: {
        title: 'Error',
        description: 'No se pudieron cargar los datos del empleado.',
      },
      deactivated: {
        title: 'Servicio no disponible',
        description: 'Este establecimiento no acepta propinas digitales en este momento.',
      },
      personGone: {
        title: 'Ya no disponible',
        description:
          'Esta persona ya no recibe propinas con este código. Puede dar una propina al equipo o al establecimiento.',
        alone: 'Esta persona ya no recibe propinas con este código. Diríjase al personal.',
      },
      tipTeam: (team) => `Dar una propina al equipo ${team}`,
      tipBusiness: (business) => `Dar una propina a ${business}`,
      codeInactive: {
        title: 'Código no activo',
        description: 'Este código ya no está activo. Diríjase al personal.',
      },
    },
    thankYou: {
      pageTitle: 'Gracias',
      loading: 'Cargando...',
      errorTitle: 'Error',
      errorDescription: 'No se pudo mostrar la propina.',
      heading: '¡Gracias!',
      amountLabel: 'Importe',
      tipFor: (name) => `Propina para ${name}`,
      contribution: 'Contribución de servicio (plataforma)',
      totalPaid: 'Total pagado',
      backToTipPage: 'Volver a la página de propinas',
      closePage: 'Cerrar página',
      closeHint: 'Ya puede cerrar esta ventana.',
      transactionId: 'ID de transacción',
      yourMessage: 'Su mensaje',
      share: 'Recomendar la app',
      shareTitle: 'Propinas – digitales y sin app',
      shareText: 'Dejar propina con código QR – sin app, en segundos.',
      shareCopied: '¡Enlace copiado al portapapeles!',
      toastMissing: 'No se encontró ningún ID de propina ni de sesión',
      toastLoadFailed: 'No se pudieron cargar los datos de la propina',
      toastNotFound: 'Propina no encontrada',
      toastUnexpected: 'Se ha producido un error',
      deliveryTitle: 'Ha llegado',
      delivered: (amount, names, date) =>
        `${amount} llegaron a ${names} el ${date}, sin ninguna deducción`,
      replyFrom: (name) => `Respuesta de ${name}`,
    },
    qrError: {
      pageTitle: 'Código QR no válido',
      title: 'Código QR no válido',
      description:
        'Este código QR no es (o ya no es) válido o se ha desactivado. Escanee otro código o pregunte al personal.',
      rescan: 'Escanear otro código QR',
      closePage: 'Cerrar página',
      closeHint: 'Ya puede cerrar esta ventana.',
      support: 'Contactar con soporte',
    },
    invalidUid: {
      pageTitle: 'UID no válido',
      title: 'UID no válido',
      description:
        'Este enlace de propina no funciona. La dirección está incompleta, mal escrita o pertenece a un código que ya no existe.',
      /** What to do now, in plain words (issue 31 item 9). */
      whatToDo: 'Vuelva a escanear el código QR en el lugar o pida el enlace correcto al personal.',
      back: 'Atrás',
      closePage: 'Cerrar página',
      closeHint: 'Ya puede cerrar esta ventana.',
      support: 'Contactar con soporte',
    },
  },
};
