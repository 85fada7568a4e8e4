import { SIGNUP_CONFIRMATION_TTL_HOURS } from '../../../shared/api/signup';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../lib/html';

/*
 * Neither mail repeats what the form said (name, business name): anyone can name any address in
 * the form, and the mail must not carry a stranger's text to that address (decision 0325).
 */

/** The confirmation link of a new sign-up; the link is the mail's secret (decision 0201). */
export function signUpConfirmationMail(to: string, link: string): MailMessage {
  const hours = SIGNUP_CONFIRMATION_TTL_HOURS;
  return {
    to,
    subject: 'Bitte bestätigen Sie Ihre Registrierung bei Trinkgeld',
    text: [
      'Hallo,',
      '',
      'vielen Dank für Ihre Registrierung bei Trinkgeld. Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link; dort wählen Sie auch Ihr Passwort:',
      link,
      '',
      `Der Link ist ${hours} Stunden gültig und kann nur einmal verwendet werden. Erst mit der Bestätigung legen wir Ihren Betrieb und Ihr Konto an.`,
      'Wenn Sie sich nicht bei Trinkgeld registriert haben, können Sie diese E-Mail ignorieren; dann wird nichts angelegt.',
    ].join('\n'),
    html: [
      '<p>Hallo,</p>',
      '<p>vielen Dank für Ihre Registrierung bei Trinkgeld. Bitte bestätigen Sie Ihre E-Mail-Adresse; dort wählen Sie auch Ihr Passwort:</p>',
      `<p><a href="${escapeHtml(link)}">Registrierung bestätigen</a></p>`,
      `<p>Der Link ist ${hours} Stunden gültig und kann nur einmal verwendet werden. Erst mit der Bestätigung legen wir Ihren Betrieb und Ihr Konto an.<br>`,
      'Wenn Sie sich nicht bei Trinkgeld registriert haben, können Sie diese E-Mail ignorieren; dann wird nichts angelegt.</p>',
    ].join('\n'),
  };
}

/**
 * To the owner of an address that already has an account, instead of a confirmation link: the
 * sign-up's answer is the same either way, so only the mailbox learns that the account exists.
 */
export function accountExistsNoticeMail(to: string, loginLink: string): MailMessage {
  return {
    to,
    subject: 'Registrierungsversuch mit Ihrer E-Mail-Adresse bei Trinkgeld',
    text: [
      'Hallo,',
      '',
      'jemand hat versucht, sich mit Ihrer E-Mail-Adresse neu bei Trinkgeld zu registrieren. Für diese Adresse besteht bereits ein Konto, deshalb wurde nichts angelegt oder geändert.',
      '',
      'Wenn Sie das waren, melden Sie sich einfach an:',
      loginLink,
      '',
      "Passwort vergessen? Auf der Anmeldeseite können Sie unter 'Passwort vergessen?' ein neues Passwort festlegen oder sich ohne Passwort per Magic Link anmelden.",
      'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren. Ihr Konto bleibt unverändert.',
    ].join('\n'),
    html: [
      '<p>Hallo,</p>',
      '<p>jemand hat versucht, sich mit Ihrer E-Mail-Adresse neu bei Trinkgeld zu registrieren. Für diese Adresse besteht bereits ein Konto, deshalb wurde nichts angelegt oder geändert.</p>',
      `<p>Wenn Sie das waren, <a href="${escapeHtml(loginLink)}">melden Sie sich einfach an</a>.</p>`,
      "<p>Passwort vergessen? Auf der Anmeldeseite können Sie unter 'Passwort vergessen?' ein neues Passwort festlegen oder sich ohne Passwort per Magic Link anmelden.<br>",
      'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren. Ihr Konto bleibt unverändert.</p>',
    ].join('\n'),
  };
}

/**
 * The operator hears of every self sign-up (decision 0501): to CONTACT_EMAIL,
 * the platform's one published address, with the business page's link. No token, no password.
 */
export function newSignupOperatorMail(
  to: string,
  signup: { businessName: string; fullName: string | null; email: string },
  businessPageLink: string,
): MailMessage {
  const text = [
    'Guten Tag,',
    '',
    `ein neuer Betrieb hat sich selbst registriert: „${signup.businessName}“.`,
    `Inhaber: ${signup.fullName ? `${signup.fullName} <${signup.email}>` : signup.email}`,
    '',
    `Zum Betrieb in der Betreiber-Konsole: ${businessPageLink}`,
    '',
    'Trinkgeld',
  ].join('\n');
  return { to, subject: `Neue Registrierung: ${signup.businessName}`, text };
}
