/**
 * The second process of `npm run test:faults`: guests paying tips against the server on
 * 127.0.0.1 while it and its database are restarted. On SIGTERM it finishes what is in flight and
 * prints one JSON line: what it sent, what the server acknowledged as paid, and every error.
 *
 * A payment counts as acknowledged only when the server said it is paid: the demo checkout
 * redirected back with `checkout=return`, or the tip's status read `pending` or later.
 */
import { randomBytes } from 'node:crypto';

const BASE = process.env.FAULTS_URL ?? 'http://127.0.0.1:3000';
const CODE = process.env.FAULTS_CODE ?? 'aio-anna-schneider-4k7p';
const CONCURRENCY = Number(process.env.FAULTS_PAYERS ?? 4);
const REQUEST_TIMEOUT_MS = 5_000;
/** A payment whose answer was lost is asked about this often before it is given up. */
const PAY_ATTEMPTS = 30;
const PAID_STATUSES = new Set(['pending', 'paid', 'paid_out', 'refunded', 'disputed']);

export interface PayerReport {
  sent: number;
  acknowledged: string[];
  errors: Record<string, number>;
  outage503: { withRetryAfter: number; withoutRetryAfter: number };
  /** Guest session ids of every tip this payer started, to find its tips in the database. */
  guestSessionIds: string[];
}

const report: PayerReport = {
  sent: 0,
  acknowledged: [],
  errors: {},
  outage503: { withRetryAfter: 0, withoutRetryAfter: 0 },
  guestSessionIds: [],
};
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const countError = (key: string) => {
  report.errors[key] = (report.errors[key] ?? 0) + 1;
};

/** One request; network failures come back as status 0 with the error's code. */
async function send(
  path: string,
  init: RequestInit & { forwardedFor: string },
): Promise<{ status: number; response?: Response; code?: string }> {
  report.sent += 1;
  try {
    const response = await fetch(`${BASE}${path}`, {
      ...init,
      redirect: 'manual',
      headers: {
        origin: BASE,
        // The server trusts 127.0.0.1 as its proxy: every simulated guest has an address of its own.
        'x-forwarded-for': init.forwardedFor,
        ...(init.headers as Record<string, string>),
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status >= 400) {
      countError(String(response.status));
      if (response.status === 503) {
        if (response.headers.get('retry-after')) report.outage503.withRetryAfter += 1;
        else report.outage503.withoutRetryAfter += 1;
      }
    }
    return { status: response.status, response };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = cause?.code ?? (error as Error).name;
    countError(`network:${code}`);
    return { status: 0, code };
  }
}

/** Waits as the server asked (Retry-After), briefly when it could not answer at all. */
async function backOff(answer: { status: number; response?: Response }): Promise<void> {
  const asked = Number(answer.response?.headers.get('retry-after') ?? 0);
  await sleep(asked > 0 ? Math.min(asked * 1000, 2_000) : 250);
}

async function payOnce(guest: number, iteration: number): Promise<void> {
  const guestSessionId = `faults${guest}x${iteration}x${randomBytes(8).toString('hex')}`;
  const forwardedFor = `10.${guest}.${Math.floor(iteration / 250) % 250}.${(iteration % 250) + 1}`;
  report.guestSessionIds.push(guestSessionId);
  const started = await send('/api/guest/tips', {
    method: 'POST',
    forwardedFor,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: CODE,
      amountCents: 100 + (iteration % 50),
      platformFee: false,
      paymentMethod: 'stripe',
      guestSessionId,
    }),
  });
  if (started.status !== 201 || !started.response) {
    await started.response?.body?.cancel();
    await backOff(started);
    return;
  }
  const { tipId, checkoutUrl } = (await started.response.json()) as {
    tipId: string;
    checkoutUrl: string;
  };
  const checkoutPath = new URL(checkoutUrl).pathname;

  // Paying is retried until the server answers: the checkout can be paid only once, so a retry
  // after a lost answer never pays twice.
  for (let attempt = 0; attempt < PAY_ATTEMPTS; attempt += 1) {
    const paid = await send(checkoutPath, {
      method: 'POST',
      forwardedFor,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    await paid.response?.body?.cancel();
    if (paid.status === 303) {
      const location = paid.response!.headers.get('location') ?? '';
      if (location.includes('checkout=return')) {
        report.acknowledged.push(tipId);
        return;
      }
      // Already decided by an earlier attempt whose answer was lost: ask the tip's state.
      const status = await send(`/api/guest/tips/${tipId}`, { method: 'GET', forwardedFor });
      if (status.status === 200) {
        const body = (await status.response!.json()) as { status: string };
        if (PAID_STATUSES.has(body.status)) report.acknowledged.push(tipId);
        return;
      }
      await status.response?.body?.cancel();
    }
    if (paid.status >= 400 && paid.status < 500) return;
    await backOff(paid);
  }
}

async function guestLoop(guest: number): Promise<void> {
  for (let iteration = 0; !stopping; iteration += 1) await payOnce(guest, iteration);
}

await Promise.all(Array.from({ length: CONCURRENCY }, (_, guest) => guestLoop(guest)));
process.stdout.write(`${JSON.stringify(report)}\n`);
