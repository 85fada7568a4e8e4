import { formatCents } from '../../../shared/domain/money';
import { guestMailTexts } from '../../../shared/i18n/guest-mail';
import { type GuestLocale, INTL_LOCALES } from '../../../shared/i18n/guest-locale';
import type { MailMessage } from '../mail/mailer';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

export interface ReceiptFacts {
  language: GuestLocale;
  /** The business's tonality: how the mail addresses the guest (decision 0467). */
  tonality: string | null;
  amountCents: number;
  platformFeeCents: number;
  currency: string;
  recipientName: string;
  businessName: string;
  paidAt: Date;
  reference: string;
  /** The guest's private thank-you link (carries the tip's secret). */
  link: string;
  replyKept: boolean;
  reply: { from: string; message: string } | null;
}

const formatDate = (at: Date, language: GuestLocale) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(at);

/** The tip for its recipient, the contribution (if any) and both together, as the guest reads them. */
function amountLines(
  facts: Pick<
    ReceiptFacts,
    'language' | 'tonality' | 'amountCents' | 'platformFeeCents' | 'currency' | 'recipientName'
  >,
  totalLabel: string,
): string[] {
  const t = guestMailTexts(facts.language, facts.tonality);
  const money = (cents: number) => formatCents(cents, facts.currency, INTL_LOCALES[facts.language]);
  return [
    `${t.tipFor(facts.recipientName)}: ${money(facts.amountCents)}`,
    ...(facts.platformFeeCents > 0 ? [`${t.contribution}: ${money(facts.platformFeeCents)}`] : []),
    `${totalLabel}: ${money(facts.amountCents + facts.platformFeeCents)}`,
  ];
}

/** The receipt: what the guest paid, for whom, where, when and under which reference. */
export function receiptMail(to: string, facts: ReceiptFacts): Omit<MailMessage, 'secrets'> {
  const t = guestMailTexts(facts.language, facts.tonality);
  const lines = [
    t.receiptGreeting,
    '',
    ...amountLines(facts, t.totalPaid),
    `${t.business}: ${facts.businessName}`,
    `${t.date}: ${formatDate(facts.paidAt, facts.language)}`,
    `${t.reference}: ${facts.reference}`,
    '',
    ...(facts.reply ? [`${t.replyFrom(facts.reply.from)}:`, `„${facts.reply.message}“`, ''] : []),
    t.linkIntro,
    facts.link,
    '',
    facts.replyKept ? t.replyKept : t.addressNotKept,
    t.noReply,
  ];
  return { to, subject: t.receiptSubject(facts.businessName), text: lines.join('\n') };
}

/** The employee's reply, to a guest who asked for it by e-mail. */
export function replyMail(
  to: string,
  facts: { language: GuestLocale; tonality: string | null; from: string; message: string },
): Omit<MailMessage, 'secrets'> {
  const t = guestMailTexts(facts.language, facts.tonality);
  return {
    to,
    subject: t.replySubject(facts.from),
    text: [
      t.replyIntro(facts.from),
      '',
      `„${facts.message}“`,
      '',
      t.replyAddressDeleted,
      t.noReply,
    ].join('\n'),
  };
}

/** 'Später zahlen' to the guest's own address: what the link pays, until when, and the link. */
export function payLaterMail(
  to: string,
  facts: Pick<
    ReceiptFacts,
    | 'language'
    | 'tonality'
    | 'amountCents'
    | 'platformFeeCents'
    | 'currency'
    | 'recipientName'
    | 'businessName'
  > & {
    expiresAt: Date;
    /** The pay-later link (carries its token). */
    link: string;
  },
): Omit<MailMessage, 'secrets'> {
  const t = guestMailTexts(facts.language, facts.tonality);
  const lines = [
    t.payLaterIntro,
    '',
    ...amountLines(facts, t.toPay),
    `${t.business}: ${facts.businessName}`,
    '',
    facts.link,
    t.validUntil(formatDate(facts.expiresAt, facts.language)),
    '',
    t.addressUsedOnce,
    t.noReply,
  ];
  return { to, subject: t.payLaterSubject, text: lines.join('\n') };
}
