import { counted } from '../domain/counted';
import type { StaffLanguage } from '../domain/staff-language';
import type { Translation } from './staff-catalogue';

/**
 * The e-mails staff receive (issue 33 item 5): sign-in link, invitation, new password, and the
 * notice to an address that already has an account, in the
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
};

export const STAFF_MAIL_TEXTS: Record<StaffLanguage, StaffMailTexts> = { de, en };
