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
 * account belongs to one business only. No link and no token: the person decides what to do. In
 * the language that account chose for its staff screens (decision 0383).
 */
export function existingAccountMail(
  to: string,
  businessName: string,
  language: StaffLanguage = DEFAULT_STAFF_LANGUAGE,
): MailMessage {
  const texts = STAFF_MAIL_TEXTS[language];
  const t = texts.existingAccount;
  const lines = [t.invited(businessName), t.taken, t.options];
  const options = [t.otherAddress(businessName), t.leaveFirst(businessName)];
  return {
    to,
    subject: t.subject(businessName),
    text: [
      texts.greeting,
      '',
      ...lines,
      ...options.map((option) => `– ${option}`),
      '',
      t.ignore,
    ].join('\n'),
    html: [
      `<p>${texts.greeting}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<ul>${options.map((option) => `<li>${escapeHtml(option)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(t.ignore)}</p>`,
    ].join('\n'),
  };
}
