import { counted } from '../domain/counted';
import type { StaffLanguage } from '../domain/staff-language';
import type { Translation } from './staff-catalogue';

/**
 * The e-mails staff receive: sign-in link, invitation, new password, the
 * notice to an address that already has an account, and the notices of a changed sign-in, in the
 * recipient's staff language. German is the source; English has the same keys (typecheck and
 * `staff-catalogue.test.ts`).
 */
const de = {
  greeting: 'Hallo,',
  magicLink: {
    subject: 'Ihr Anmeldelink für Trinkgeld',
    intro: 'mit diesem Link melden Sie sich bei Trinkgeld an:',
    action: 'Jetzt anmelden',
    validity: (minutes: number) =>
      `Der Link ist ${counted(minutes, 'Minute', 'Minuten')} gültig und kann nur einmal verwendet werden.`,
    ignore: 'Wenn Sie diese Anmeldung nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  invitation: {
    subject: (business: string) => `Einladung zu Trinkgeld – ${business}`,
    invited: (business: string) =>
      `Sie wurden eingeladen, bei Trinkgeld für ${business} mitzuarbeiten.`,
    intro: 'Mit diesem Link melden Sie sich an und vervollständigen Ihr Profil:',
    action: 'Einladung annehmen',
    validity: (days: number) =>
      `Der Link ist ${counted(days, 'Tag', 'Tage')} gültig und kann nur einmal verwendet werden.`,
    ignore: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
  },
  /**
   * The invitation of a business's owner (decision 0512): as owner, by whom,
   * and what comes next. Link, validity and the note to ignore it are the invitation's.
   */
  ownerInvitation: {
    subject: (business: string) => `Einladung als Inhaber von ${business} – Trinkgeld`,
    invited: (business: string, inviter: string) =>
      `${inviter} hat Sie als Geschäftsinhaber von ${business} zu Trinkgeld eingeladen.`,
    /** The inviter when it is the platform's operator, not a co-owner. */
    operator: (name: string) => `${name} (Betreiber der Trinkgeld-Plattform)`,
    /** The inviter of a mail the retry job sends again, which knows no person (decision 0500). */
    platform: 'Der Betreiber der Trinkgeld-Plattform',
    nextTitle: 'So geht es weiter:',
    next: [
      'Mit dem Link unten melden Sie sich an und geben Ihren Namen an.',
      'Danach führt Sie die Checkliste „Einrichtung“ in der Admin-Konsole durch die ersten Schritte: Branding, Bezahlpunkte mit QR-Codes, Ihr Team einladen, Auszahlungen und ein Test-Trinkgeld.',
      'Ihr eigenes Auszahlungskonto brauchen Sie nur, wenn Sie selbst Trinkgeld erhalten; Sie können es jederzeit später einrichten.',
    ],
  },
  passwordReset: {
    subject: 'Neues Passwort für Trinkgeld',
    intro: 'mit diesem Link legen Sie ein neues Passwort für Trinkgeld fest:',
    action: 'Passwort festlegen',
    validity: (minutes: number) =>
      `Der Link ist ${counted(minutes, 'Minute', 'Minuten')} gültig und kann nur einmal verwendet werden.`,
    ignore:
      'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt dann unverändert.',
  },
  /** Instead of an invitation, to an address that already has an account (decision 0343). */
  existingAccount: {
    subject: (business: string) => `Einladung zu Trinkgeld – ${business}`,
    invited: (business: string) => `${business} hat Sie eingeladen, bei Trinkgeld mitzuarbeiten.`,
    taken:
      'Ihre E-Mail-Adresse gehört bereits zu einem Trinkgeld-Konto, und ein Konto kann nur zu einem Betrieb gehören. Die Einladung kann mit dieser Adresse deshalb nicht angenommen werden.',
    options: 'Sie können:',
    otherAddress: (business: string) =>
      `den Betrieb ${business} bitten, Sie mit einer anderen E-Mail-Adresse einzuladen, oder`,
    leaveFirst: (business: string) =>
      `Ihren bisherigen Betrieb zuerst verlassen, indem Sie Ihr bisheriges Konto löschen, und ${business} dann bitten, die Einladung erneut zu senden.`,
    ignore:
      'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren. An Ihrem Konto hat sich nichts geändert.',
  },
  /**
   * A change of the person's sign-in, told to the person (decision 0451), so a
   * stolen session cannot change it unnoticed. No secret, no link that acts.
   */
  securityNotice: {
    passwordChanged: {
      subject: 'Ihr Passwort für Trinkgeld wurde geändert',
      what: 'das Passwort Ihres Trinkgeld-Kontos wurde soeben geändert. Sitzungen auf anderen Geräten wurden beendet.',
    },
    twoFactorDisabled: {
      subject: 'Zwei-Faktor-Anmeldung für Trinkgeld ausgeschaltet',
      what: 'die Zwei-Faktor-Anmeldung Ihres Trinkgeld-Kontos wurde soeben ausgeschaltet. Bei der Anmeldung wird jetzt kein Bestätigungscode mehr verlangt.',
    },
    twoFactorReset: {
      subject: 'Zwei-Faktor-Anmeldung für Trinkgeld zurückgesetzt',
      what: 'die Zwei-Faktor-Anmeldung Ihres Trinkgeld-Kontos wurde von der Leitung Ihres Betriebs oder von der Plattform-Administration zurückgesetzt, und alle Ihre Sitzungen wurden beendet. Nach der nächsten Anmeldung können Sie sie unter „Konto und Sicherheit“ neu einrichten.',
    },
    wasYou: 'Wenn das mit Ihrem Wissen geschehen ist, ist nichts weiter zu tun.',
    notYou:
      'Wenn nicht, setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Anmeldeseite zurück und wenden Sie sich an Ihren Betrieb:',
    action: 'Zur Anmeldeseite',
  },
} as const;

export type StaffMailTexts = Translation<typeof de>;

const en: StaffMailTexts = {
  greeting: 'Hello,',
  magicLink: {
    subject: 'Your sign-in link for Trinkgeld',
    intro: 'this link signs you in to Trinkgeld:',
    action: 'Sign in now',
    validity: (minutes: number) =>
      `The link is valid for ${counted(minutes, 'minute', 'minutes')} and can be used only once.`,
    ignore: 'If you did not ask to sign in, you can ignore this e-mail.',
  },
  invitation: {
    subject: (business: string) => `Invitation to Trinkgeld – ${business}`,
    invited: (business: string) => `You have been invited to work with ${business} on Trinkgeld.`,
    intro: 'This link signs you in so you can complete your profile:',
    action: 'Accept invitation',
    validity: (days: number) =>
      `The link is valid for ${counted(days, 'day', 'days')} and can be used only once.`,
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  ownerInvitation: {
    subject: (business: string) => `Invitation as owner of ${business} – Trinkgeld`,
    invited: (business: string, inviter: string) =>
      `${inviter} has invited you to Trinkgeld as the owner of ${business}.`,
    operator: (name: string) => `${name} (operator of the Trinkgeld platform)`,
    platform: 'The operator of the Trinkgeld platform',
    nextTitle: 'What comes next:',
    next: [
      'The link below signs you in, and you enter your name.',
      'Then the “Set-up” checklist in the admin console takes you through the first steps: branding, payment points with QR codes, inviting your team, payouts and a test tip.',
      'You need a payout account of your own only if you receive tips yourself; you can set it up at any time later.',
    ],
  },
  passwordReset: {
    subject: 'New password for Trinkgeld',
    intro: 'with this link you set a new password for Trinkgeld:',
    action: 'Set password',
    validity: (minutes: number) =>
      `The link is valid for ${counted(minutes, 'minute', 'minutes')} and can be used only once.`,
    ignore:
      'If you did not ask for a new password, you can ignore this e-mail; your password then stays as it is.',
  },
  existingAccount: {
    subject: (business: string) => `Invitation to Trinkgeld – ${business}`,
    invited: (business: string) => `${business} has invited you to work with them on Trinkgeld.`,
    taken:
      'Your e-mail address already belongs to a Trinkgeld account, and an account can belong to one business only. So the invitation cannot be accepted with this address.',
    options: 'You can:',
    otherAddress: (business: string) =>
      `ask ${business} to invite you with another e-mail address, or`,
    leaveFirst: (business: string) =>
      `leave your current business first by deleting your current account, then ask ${business} to send the invitation again.`,
    ignore:
      'If you did not expect this invitation, you can ignore this e-mail. Nothing about your account has changed.',
  },
  securityNotice: {
    passwordChanged: {
      subject: 'Your password for Trinkgeld was changed',
      what: 'the password of your Trinkgeld account has just been changed. Sessions on other devices were ended.',
    },
    twoFactorDisabled: {
      subject: 'Two-factor sign-in for Trinkgeld turned off',
      what: 'two-factor sign-in for your Trinkgeld account has just been turned off. Signing in no longer asks for a confirmation code.',
    },
    twoFactorReset: {
      subject: 'Two-factor sign-in for Trinkgeld was reset',
      what: 'two-factor sign-in for your Trinkgeld account was reset by the management of your business or by the platform administration, and all your sessions were ended. After you next sign in, you can set it up again under “Account and security”.',
    },
    wasYou: 'If this happened with your knowledge, there is nothing more to do.',
    notYou:
      'If not, reset your password right away with “Forgot password?” on the sign-in page and contact your business:',
    action: 'Go to the sign-in page',
  },
};

export const STAFF_MAIL_TEXTS: Record<StaffLanguage, StaffMailTexts> = { de, en };
