import { INVITATION_TTL_MS } from '../../../shared/domain/constants';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../lib/html';
import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../shared/i18n/staff-mail';

/**
 * The invitation e-mail: a single-use link, valid 7 days, that signs the invitee in; in the
 * invitee's staff language (German until they choose, decision 0383).
 */
export function invitationMail(
  to: string,
  link: string,
  businessName: string,
  language: StaffLanguage = DEFAULT_STAFF_LANGUAGE,
): MailMessage {
  const days = INVITATION_TTL_MS / 86_400_000;
  const texts = STAFF_MAIL_TEXTS[language];
  const t = texts.invitation;
  return {
    to,
    subject: t.subject(businessName),
    text: [
      texts.greeting,
      '',
      t.invited(businessName),
      t.intro,
      link,
      '',
      t.validity(days),
      t.ignore,
    ].join('\n'),
    html: [
      `<p>${texts.greeting}</p>`,
      `<p>${t.invited(escapeHtml(businessName))}</p>`,
      `<p><a href="${escapeHtml(link)}">${t.action}</a></p>`,
      `<p>${t.validity(days)}<br>`,
      `${t.ignore}</p>`,
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
