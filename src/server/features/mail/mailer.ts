import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../../db/connect';
import { outboxEmails } from '../../db/schema';
import type { Clock } from '../../lib/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Records the message in the outbox (inside the caller's transaction when one is given) and
   * returns its id; call `deliver` after the transaction commits.
   */
  enqueue(executor: Executor, message: MailMessage): Promise<string>;
  /** Sends one outbox message now: by SMTP when configured, else prints it to the console. */
  deliver(id: string): Promise<void>;
  /** Enqueue and deliver in one step, for callers without a transaction. */
  send(message: MailMessage): Promise<string>;
  close(): void;
}

export interface MailerOptions {
  database: Database;
  clock: Clock;
  smtpUrl: string | undefined;
  from: string;
  /** Where console-mode mails are printed (stdout by default). */
  print?: (text: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  const { database, clock } = options;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(smtpTransportOptions(options.smtpUrl))
    : undefined;
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));

  const mailer: Mailer = {
    async enqueue(executor, message) {
      const [row] = await executor
        .insert(outboxEmails)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          createdAt: clock.now(),
        })
        .returning({ id: outboxEmails.id });
      return row!.id;
    },

    async deliver(id) {
      const [mail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      if (!mail || mail.status === 'sent' || mail.status === 'console') return;
      if (!transport) {
        print(
          [
            '──────── E-Mail (Outbox, kein SMTP konfiguriert) ────────',
            `An: ${mail.toAddress}`,
            `Betreff: ${mail.subject}`,
            '',
            mail.textBody,
            '──────────────────────────────────────────────────────────',
          ].join('\n'),
        );
        await database.db
          .update(outboxEmails)
          .set({ status: 'console', sentAt: clock.now(), attempts: mail.attempts + 1 })
          .where(eq(outboxEmails.id, id));
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
        });
        await database.db
          .update(outboxEmails)
          .set({
            status: 'sent',
            sentAt: clock.now(),
            attempts: mail.attempts + 1,
            lastError: null,
          })
          .where(eq(outboxEmails.id, id));
      } catch (error) {
        await database.db
          .update(outboxEmails)
          .set({
            status: 'failed',
            attempts: mail.attempts + 1,
            lastError: error instanceof Error ? error.message : String(error),
          })
          .where(eq(outboxEmails.id, id));
        throw error;
      }
    },

    async send(message) {
      const id = await mailer.enqueue(database.db, message);
      await mailer.deliver(id);
      return id;
    },

    close() {
      transport?.close();
    },
  };
  return mailer;
}

function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const isLocal = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    // A local relay (and the test server) speaks plain SMTP; anything else must offer TLS.
    ignoreTLS: isLocal && !secure,
    requireTLS: !isLocal && !secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: 10_000,
    socketTimeout: 20_000,
  };
}
