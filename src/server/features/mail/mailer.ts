import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Executor } from '../../db/connect';
import { findOutboxMail, insertOutboxMail, updateOutboxMail } from './queries';
import type { Clock } from '../../lib/clock';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Values that must never reach the database (sign-in and invitation tokens). The outbox row keeps
   * the mail with each one replaced by `REDACTED_SECRET`; the full text lives only in this
   * process's memory until `deliver` hands it over (decision 0201).
   */
  secrets?: string[];
  /**
   * The address is a guest's, given only for this mail: the outbox row names `REDACTED_SECRET`
   * as recipient and the address lives in memory until delivery, like a secret (decision 0144).
   */
  privateRecipient?: boolean;
  /**
   * The invitation this mail carries (the invited user's id, or an invitation notice's): its
   * delivery state is shown in the consoles, and a failed delivery is tried again by the
   * invitation-mail retry job with backoff (decision 0500).
   */
  invitationId?: string;
  /** Attempts made by the mails this one replaces (a retry's fresh link continues the count). */
  priorAttempts?: number;
}

/**
 * How long the retry job waits after each failed attempt of an invitation mail: after the first
 * failure 1 minute, then 5, 15 and 60; a mail whose fifth attempt fails is given up
 * ('fehlgeschlagen') until someone sends the invitation again.
 */
export const INVITATION_RETRY_DELAYS_MS = [1, 5, 15, 60].map((minutes) => minutes * 60_000);

/** When an invitation mail with `attempts` failed attempts is tried again; null: given up. */
export function nextInvitationAttempt(attempts: number, now: Date): Date | null {
  const delay = INVITATION_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** What the outbox table shows in place of a secret. */
export const REDACTED_SECRET = '[entfernt]';
/** Written to `last_error` when a mail's secret is gone (the process restarted before delivery). */
export const SECRET_LOST =
  'Link nicht mehr verfügbar (Neustart vor dem Versand); bitte neu anfordern';
/** Full texts of undelivered mails older than this are dropped from memory (rolled-back inserts). */
const PENDING_SECRET_TTL_MS = 60 * 60_000;

function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED_SECRET), text);
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
  /**
   * 'log' (production without mail, decision 0334): mails are printed as the outbox keeps them —
   * tokens and a guest's address redacted — and never sent. Otherwise SMTP when `smtpUrl` is set,
   * else the demo's console outbox with working links.
   */
  transport?: 'smtp' | 'log' | 'console';
  /** Where console-mode mails are printed (stdout by default). */
  print?: (text: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  const { database, clock } = options;
  const logOnly = options.transport === 'log';
  const transport: Transporter | undefined =
    options.smtpUrl && !logOnly
      ? nodemailer.createTransport(smtpTransportOptions(options.smtpUrl))
      : undefined;
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  /** Mails whose stored copy is redacted: id → the full text, kept until delivered. */
  const pending = new Map<string, { to: string; text: string; html: string | null; at: number }>();
  const forgetStale = () => {
    const oldest = Date.now() - PENDING_SECRET_TTL_MS;
    for (const [id, entry] of pending) if (entry.at < oldest) pending.delete(id);
  };

  const mailer: Mailer = {
    async enqueue(executor, message) {
      const secrets = (message.secrets ?? []).filter((secret) => secret.length > 0);
      if (message.privateRecipient) secrets.push(message.to);
      const id = await insertOutboxMail(executor, {
        toAddress: message.privateRecipient ? REDACTED_SECRET : message.to,
        subject: message.subject,
        textBody: redact(message.text, secrets),
        htmlBody: message.html === undefined ? null : redact(message.html, secrets),
        redacted: secrets.length > 0,
        createdAt: clock.now(),
        attempts: message.priorAttempts ?? 0,
        invitationId: message.invitationId ?? null,
        // Never handed over (the process stopped before `deliver`): the retry job takes it up.
        nextAttemptAt: message.invitationId
          ? nextInvitationAttempt(Math.max(1, message.priorAttempts ?? 0), clock.now())
          : null,
      });
      if (secrets.length > 0) {
        forgetStale();
        pending.set(id, {
          to: message.to,
          text: message.text,
          html: message.html ?? null,
          at: Date.now(),
        });
      }
      return id;
    },

    async deliver(id) {
      const stored = await findOutboxMail(database.db, id);
      if (!stored || (stored.status !== 'pending' && stored.status !== 'failed')) return;
      if (logOnly) {
        // The stored copy: never a working link, never a guest's address.
        print(
          [
            '──────── E-Mail (MAIL_TRANSPORT=log, nicht versendet) ────────',
            `An: ${stored.toAddress}`,
            `Betreff: ${stored.subject}`,
            '',
            stored.textBody,
            '───────────────────────────────────────────────────────────────',
          ].join('\n'),
        );
        await updateOutboxMail(database.db, id, {
          status: 'logged',
          sentAt: clock.now(),
          attempts: stored.attempts + 1,
          nextAttemptAt: null,
        });
        pending.delete(id);
        return;
      }
      const full = pending.get(id);
      if (stored.redacted && !full) {
        await updateOutboxMail(database.db, id, {
          status: 'failed',
          attempts: stored.attempts + 1,
          lastError: SECRET_LOST,
          // An invitation gets a fresh link from the retry job; other token mails are asked anew.
          nextAttemptAt: stored.invitationId
            ? nextInvitationAttempt(stored.attempts + 1, clock.now())
            : null,
        });
        throw new Error(SECRET_LOST);
      }
      const mail = full
        ? { ...stored, toAddress: full.to, textBody: full.text, htmlBody: full.html }
        : { ...stored };
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
        await updateOutboxMail(database.db, id, {
          status: 'console',
          sentAt: clock.now(),
          attempts: mail.attempts + 1,
          nextAttemptAt: null,
        });
        pending.delete(id);
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
        await updateOutboxMail(database.db, id, {
          status: 'sent',
          sentAt: clock.now(),
          attempts: mail.attempts + 1,
          lastError: null,
          nextAttemptAt: null,
        });
        pending.delete(id);
      } catch (error) {
        await updateOutboxMail(database.db, id, {
          status: 'failed',
          attempts: mail.attempts + 1,
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: mail.invitationId
            ? nextInvitationAttempt(mail.attempts + 1, clock.now())
            : null,
        });
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
