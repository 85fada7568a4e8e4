import { DEFAULT_STAFF_LANGUAGE, type StaffLanguage } from '../../../shared/domain/staff-language';
import { STAFF_MAIL_TEXTS } from '../../../shared/i18n/staff-mail';
import type { Executor } from '../../db/connect';
import type { AfterAnswer } from '../../http/after-answer';
import { escapeHtml } from '../../lib/html';
import type { Mailer, MailMessage } from '../mail/mailer';
import { findMailRecipient } from './queries/accounts';

/** Changes of a person's sign-in that the person is told about by e-mail (decision 0451). */
export type SecurityChange = 'passwordChanged' | 'twoFactorDisabled' | 'twoFactorReset';

/** The notice of one change, in the recipient's staff language. It carries no secret. */
export function securityNoticeMail(
  to: string,
  change: SecurityChange,
  loginUrl: string,
  language: StaffLanguage = DEFAULT_STAFF_LANGUAGE,
): MailMessage {
  const texts = STAFF_MAIL_TEXTS[language];
  const notice = texts.securityNotice;
  const t = notice[change];
  return {
    to,
    subject: t.subject,
    text: [texts.greeting, '', t.what, '', notice.wasYou, notice.notYou, loginUrl].join('\n'),
    html: [
      `<p>${texts.greeting}</p>`,
      `<p>${t.what}</p>`,
      `<p>${notice.wasYou}<br>`,
      `${notice.notYou}</p>`,
      `<p><a href="${escapeHtml(loginUrl)}">${notice.action}</a></p>`,
    ].join('\n'),
  };
}

export interface SecurityNoticeContext {
  mailer: Mailer;
  afterAnswer: Pick<AfterAnswer, 'later'>;
  publicOrigin: string;
}

/**
 * Tells a person that their sign-in changed: writes the notice into the outbox inside the
 * transaction that makes the change (so it exists exactly when the change does) and returns a
 * delivery to start once that transaction has committed.
 */
export async function queueSecurityNotice(
  context: SecurityNoticeContext,
  tx: Executor,
  userId: string,
  change: SecurityChange,
): Promise<() => void> {
  const person = await findMailRecipient(tx, userId);
  if (!person) return () => undefined;
  const mailId = await context.mailer.enqueue(
    tx,
    securityNoticeMail(
      person.email,
      change,
      `${context.publicOrigin}/employee/login`,
      person.staffLanguage ?? undefined,
    ),
  );
  return () =>
    context.afterAnswer.later('security notice e-mail not sent', () =>
      context.mailer.deliver(mailId),
    );
}
