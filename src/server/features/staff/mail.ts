import { INVITATION_TTL_MS } from '../../../shared/domain/constants';
import type { MailMessage } from '../mail/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invitation e-mail: a single-use link, valid 7 days, that signs the invitee in. */
export function invitationMail(to: string, link: string, businessName: string): MailMessage {
  const days = INVITATION_TTL_MS / 86_400_000;
  return {
    to,
    subject: `Einladung zu Trinkgeld – ${businessName}`,
    text: [
      'Hallo,',
      '',
      `Sie wurden eingeladen, bei Trinkgeld für ${businessName} mitzuarbeiten.`,
      'Mit diesem Link melden Sie sich an und vervollständigen Ihr Profil:',
      link,
      '',
      `Der Link ist ${days} Tage gültig und kann nur einmal verwendet werden.`,
      'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    ].join('\n'),
    html: [
      '<p>Hallo,</p>',
      `<p>Sie wurden eingeladen, bei Trinkgeld für ${escapeHtml(businessName)} mitzuarbeiten.</p>`,
      `<p><a href="${escapeHtml(link)}">Einladung annehmen</a></p>`,
      `<p>Der Link ist ${days} Tage gültig und kann nur einmal verwendet werden.<br>`,
      'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.</p>',
    ].join('\n'),
  };
}
