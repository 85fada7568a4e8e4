import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../shared/i18n/staff-mail';
import { MAGIC_LINK_TTL_MS } from '../../../shared/domain/constants';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../lib/html';

/** Where a magic link lands once it has signed the person in (spec §7). */
export const MAGIC_LINK_REDIRECT = '/employee/dashboard';

/** The sign-in link e-mail, in the recipient's staff language (decision 0383). */
export function magicLinkMail(
  to: string,
  link: string,
  language: StaffLanguage = DEFAULT_STAFF_LANGUAGE,
): MailMessage {
  const minutes = MAGIC_LINK_TTL_MS / 60_000;
  const texts = STAFF_MAIL_TEXTS[language];
  const t = texts.magicLink;
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

/** Instead of a link: why this person cannot sign in now (their business is suspended or closed). */
export function signInRefusedMail(to: string, reason: string): MailMessage {
  return {
    to,
    subject: 'Anmeldung bei Trinkgeld derzeit nicht möglich',
    text: [
      'Hallo,',
      '',
      'Sie haben einen Anmeldelink für Trinkgeld angefordert.',
      reason,
      '',
      'Wenn Sie diese Anmeldung nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    ].join('\n'),
    html: [
      '<p>Hallo,</p>',
      '<p>Sie haben einen Anmeldelink für Trinkgeld angefordert.<br>',
      `${escapeHtml(reason)}</p>`,
      '<p>Wenn Sie diese Anmeldung nicht angefordert haben, können Sie diese E-Mail ignorieren.</p>',
    ].join('\n'),
  };
}
