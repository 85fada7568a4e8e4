import { PASSWORD_RESET_LINK_TTL_MS } from '../../../shared/api/passwords';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../lib/html';
import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../shared/i18n/staff-mail';

/**
 * The 'Passwort vergessen?' e-mail: a single-use link, valid one hour, to the set-password page;
 * in the recipient's staff language (decision 0383).
 */
export function passwordResetMail(
  to: string,
  link: string,
  language: StaffLanguage = DEFAULT_STAFF_LANGUAGE,
): MailMessage {
  const minutes = PASSWORD_RESET_LINK_TTL_MS / 60_000;
  const texts = STAFF_MAIL_TEXTS[language];
  const t = texts.passwordReset;
  return {
    to,
    subject: t.subject,
    text: [texts.greeting, '', t.intro, link, '', t.validity(minutes), t.ignore].join('\n'),
    html: [
      `<p>${texts.greeting}</p>`,
      `<p>${t.intro}</p>`,
      `<p><a href="${escapeHtml(link)}">${t.action}</a></p>`,
      `<p>${t.validity(minutes)}<br>`,
      `${t.ignore}</p>`,
    ].join('\n'),
  };
}
