import { INVITATION_TTL_MS } from '../../../shared/domain/constants';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../lib/html';
import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../shared/i18n/staff-mail';

/** Who invites a business owner: their name, and whether they are the platform's operator. */
export interface OwnerInviter {
  name: string;
  operator: boolean;
}

/**
 * The invitation e-mail: a single-use link, valid 7 days, that signs the invitee in; in the
 * invitee's staff language (German until they choose, decision 0383). An owner's invitation
 * (`owner` given) says so, names who invited them and what comes next (decision 0512).
 */
export function invitationMail(
  to: string,
  link: string,
  businessName: string,
  language: StaffLanguage = DEFAULT_STAFF_LANGUAGE,
  owner?: OwnerInviter,
): MailMessage {
  const days = INVITATION_TTL_MS / 86_400_000;
  const texts = STAFF_MAIL_TEXTS[language];
  const t = texts.invitation;
  const o = texts.ownerInvitation;
  const inviter = owner && (owner.operator ? o.operator(owner.name) : owner.name);
  const invited = (business: string) =>
    inviter === undefined ? t.invited(business) : o.invited(business, inviter);
  const next = owner ? [o.nextTitle, ...o.next.map((step) => `– ${step}`)] : [t.intro];
  return {
    to,
    subject: owner ? o.subject(businessName) : t.subject(businessName),
    text: [
      texts.greeting,
      '',
      invited(businessName),
      ...(owner ? [''] : []),
      ...next,
      link,
      '',
      t.validity(days),
      t.ignore,
    ].join('\n'),
    html: [
      `<p>${texts.greeting}</p>`,
      `<p>${escapeHtml(invited(businessName))}</p>`,
      ...(owner
        ? [
            `<p>${escapeHtml(o.nextTitle)}</p>`,
            `<ul>${o.next.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ul>`,
          ]
        : []),
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
