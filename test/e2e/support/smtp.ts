import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';
import { freePort } from '../../../bench/support/port';

export interface ReceivedMail {
  to: string[];
  /** The raw message with quoted-printable and base64 parts decoded to text. */
  text: string;
}

export interface TestSmtpServer {
  /** For SMTP_URL, e.g. smtp://127.0.0.1:41234 */
  url: string;
  mails: ReceivedMail[];
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening (a mail sent now fails with "connection refused"); `start` resumes. */
  stop(): Promise<void>;
  /** Listens again on the same port after `stop`. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            text: decodeMime(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
  let server: SMTPServer | null = null;
  const start = async () => {
    if (server) return;
    const listening = newServer();
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    server = listening;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(to, timeoutMs = 10_000) {
      return vi.waitFor(
        () => {
          const mail = mails.find((m) => m.to.includes(to));
          if (!mail) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
          return mail;
        },
        { timeout: timeoutMs, interval: 50 },
      );
    },
    stop,
    start,
    close: stop,
  };
}

/** Enough MIME for tests: decodes quoted-printable text and base64 parts in place. */
function decodeMime(raw: string): string {
  const headersDecoded = raw.replace(
    /=\?UTF-8\?([QB])\?([^?]*)\?=/gi,
    (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : text.replace(/_/g, ' '),
  );
  const unfolded = headersDecoded.replace(/=\r?\n/g, '');
  const quoted = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  const base64Parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g,
    ),
  ].map((match) => Buffer.from(match[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [Buffer.from(quoted, 'latin1').toString('utf8'), ...base64Parts].join('\n');
}
