import type { GuestTones } from './guest-tonality';

const closeHint = 'Ya puedes cerrar esta ventana.';
const toStaff = 'Dirígete al personal.';

/** The Spanish guest texts in 'tú' for 'Locker' (decision 0467); the default says 'usted'. */
export const spanishTones: GuestTones = {
  formal: {},
  casual: {
    first: {
      amount: {
        notANumber: 'Introduce el importe como número, p. ej. 12,50 o 12.',
        tooManyDecimals: 'Introduce como máximo dos decimales, p. ej. 12,50.',
      },
      receiver: {
        todayOne: (name) => `Tu propina es hoy para ${name}.`,
        todayMany: (names) => `Tu propina es para el equipo de servicio de hoy: ${names}.`,
        pool: (business) =>
          `Ahora mismo no hay nadie asignado aquí: tu propina va a ${business}, que la reparte entre su equipo.`,
        businessTeam: (business) => `Tu propina es para el equipo de ${business}.`,
        todayTeam: 'Tu propina es para el equipo de servicio de hoy.',
        todayTeamWeighted: (n) =>
          `Tu propina es para el equipo de servicio de hoy y se reparte por puntos entre ${n} empleados.`,
        todayTeamEqual: (n) =>
          `Tu propina es para el equipo de servicio de hoy y se reparte a partes iguales entre ${n} empleados.`,
        team: 'Tu propina es para el equipo.',
        weighted: (n) => `Tu propina se reparte por puntos entre ${n} empleados.`,
        equal: (n) => `Tu propina se reparte a partes iguales entre ${n} empleados.`,
      },
    },
    outcome: {
      tip: {
        success: {
          title: '¡Gracias, nos has alegrado el día!',
          contribution: (fee) => `Además, tu contribución de servicio a la plataforma: ${fee}`,
        },
        error: {
          payLaterLinkLabel: 'Tu enlace para pagar más tarde',
          payLaterEmailFailed: 'No se ha podido enviar el enlace. Vuelve a intentarlo.',
          maxRetries: 'Se ha alcanzado el máximo de intentos. Pide ayuda al personal.',
        },
        feedback: {
          title: '¿Quieres añadir algo más?',
          description: 'Elige una reacción y, si quieres, escribe unas palabras.',
        },
        receipt: {
          choosePurpose: 'Elige para qué debemos usar la dirección.',
          replyNeedsMessage: 'Una respuesta contesta a un mensaje: escribe unas palabras arriba.',
          invalid: 'Introduce una dirección de correo válida.',
          tooMany: 'Demasiados intentos. Inténtalo de nuevo más tarde.',
          failed: 'No se ha podido enviar el recibo. Inténtalo de nuevo.',
        },
      },
      payment: {
        feeHint:
          'El 100 % de tu propina llega – la contribución cubre los costes de la plataforma.',
        feeThanks: '¡Gracias por tu apoyo!',
        processingNotice: 'Pago en curso - espera, por favor...',
        alreadyRunningDescription: 'Espera a que termine el pago en curso.',
      },
      toasts: { maxRetriesDescription: 'Pide ayuda al personal.' },
      errors: {
        invalid_qr: {
          description: `Este código ya no es válido o se ha desactivado. ${toStaff}`,
        },
        stripe_not_connected: {
          description: 'El personal ya ha sido informado. Inténtalo de nuevo más tarde.',
        },
        session_expired: { description: 'Escanea de nuevo el código QR para empezar otra vez.' },
        payment_cancelled: { description: 'Has cancelado el pago. No se ha cobrado nada.' },
        payment_failed: { description: 'Tu pago ha sido rechazado. No se ha cobrado nada.' },
        network_error: { description: 'Comprueba tu conexión a Internet e inténtalo de nuevo.' },
        unknown: { description: 'Algo ha salido mal. Inténtalo de nuevo.' },
      },
    },
    pages: {
      tipPage: {
        closeHint,
        personGone: {
          description:
            'Esta persona ya no recibe propinas con este código. En su lugar, puedes dejar una propina aquí.',
          alone: `Esta persona ya no recibe propinas con este código. ${toStaff}`,
        },
        codeInactive: { description: `Este código ya no está activo. ${toStaff}` },
      },
      thankYou: { closeHint, yourMessage: 'Tu mensaje' },
      qrError: {
        description:
          'Este código QR no es (o ya no es) válido o se ha desactivado. Escanea otro código o pregunta al personal.',
        closeHint,
      },
      invalidUid: {
        whatToDo:
          'Vuelve a escanear el código QR en el lugar o pide el enlace correcto al personal.',
        closeHint,
      },
    },
  },
};
