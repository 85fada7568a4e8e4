import { INVITATION_TTL_MS } from '../../../shared/domain/constants';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../lib/html';

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

/**
 * Instead of an invitation (decision 0343): the address already belongs to an account, and an
 * account belongs to one business only. No link and no token: the person decides what to do.
 */
export function existingAccountMail(to: string, businessName: string): MailMessage {
  const lines = [
    `${businessName} hat Sie eingeladen, bei Trinkgeld mitzuarbeiten.`,
    'Ihre E-Mail-Adresse gehört bereits zu einem Trinkgeld-Konto, und ein Konto kann nur zu einem Betrieb gehören. Die Einladung kann mit dieser Adresse deshalb nicht angenommen werden.',
    'Sie können:',
  ];
  const options = [
    `den Betrieb ${businessName} bitten, Sie mit einer anderen E-Mail-Adresse einzuladen, oder`,
    `Ihren bisherigen Betrieb zuerst verlassen, indem Sie Ihr bisheriges Konto löschen, und ${businessName} dann bitten, die Einladung erneut zu senden.`,
  ];
  const closing =
    'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren. An Ihrem Konto hat sich nichts geändert.';
  return {
    to,
    subject: `Einladung zu Trinkgeld – ${businessName}`,
    text: ['Hallo,', '', ...lines, ...options.map((option) => `– ${option}`), '', closing].join(
      '\n',
    ),
    html: [
      '<p>Hallo,</p>',
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<ul>${options.map((option) => `<li>${escapeHtml(option)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(closing)}</p>`,
    ].join('\n'),
  };
}
