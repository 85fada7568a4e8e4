import { PASSWORD_RESET_LINK_TTL_MS } from '../../../shared/api/passwords';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../lib/html';

/** The 'Passwort vergessen?' e-mail: a single-use link, valid one hour, to the set-password page. */
export function passwordResetMail(to: string, link: string): MailMessage {
  const minutes = PASSWORD_RESET_LINK_TTL_MS / 60_000;
  return {
    to,
    subject: 'Neues Passwort für Trinkgeld',
    text: [
      'Hallo,',
      '',
      'mit diesem Link legen Sie ein neues Passwort für Trinkgeld fest:',
      link,
      '',
      `Der Link ist ${minutes} Minuten gültig und kann nur einmal verwendet werden.`,
      'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt dann unverändert.',
    ].join('\n'),
    html: [
      '<p>Hallo,</p>',
      '<p>mit diesem Link legen Sie ein neues Passwort für Trinkgeld fest:</p>',
      `<p><a href="${escapeHtml(link)}">Passwort festlegen</a></p>`,
      `<p>Der Link ist ${minutes} Minuten gültig und kann nur einmal verwendet werden.<br>`,
      'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt dann unverändert.</p>',
    ].join('\n'),
  };
}
