import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { OWNER_MAIL_TEXTS } from '../../../shared/i18n/owner-mail';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../mail/mailer';

/** The operator's change an owner is told about. */
export type OwnerNotice =
  | { kind: 'suspended'; reason: string }
  | { kind: 'reactivated' }
  | { kind: 'closed'; retentionDays: number };

/**
 * One owner's e-mail about their business's new state: what it means for guests, payouts and
 * sign-in, the reason of a suspension, and how to reach the operator (CONTACT_EMAIL).
 */
export function ownerNoticeMail(
  owner: { email: string; staffLanguage: StaffLanguage | null },
  business: string,
  notice: OwnerNotice,
  contactEmail: string,
): MailMessage {
  const texts = OWNER_MAIL_TEXTS[owner.staffLanguage ?? DEFAULT_STAFF_LANGUAGE];
  const t = texts[notice.kind];
  const paragraphs = [
    texts.greeting,
    t.what(business),
    ...(notice.kind === 'suspended' ? [texts.suspended.reason(notice.reason)] : []),
    ...(notice.kind === 'closed' ? [texts.closed.erasure(notice.retentionDays)] : []),
    texts.contact(contactEmail),
  ];
  return {
    to: owner.email,
    subject: t.subject(business),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}
