import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrate } from '../src/server/db/migrate';
import { webhookEndpoints } from '../src/server/db/schema';
import { recordWebhookEvent } from '../src/server/features/webhooks/outbox';
import { newWebhookSecret, sealWebhookSecret } from '../src/server/features/webhooks/secret';
import {
  budget,
  engineLabel,
  line,
  ms,
  openBenchDatabase,
  percentile,
  startBenchServer,
} from './support/harness';
import { seedBulkTips, TEN_THOUSAND } from './support/seed-tips';

/**
 * Outgoing webhooks (decision 0650): events written in transactions of their own at a
 * steady rate, as tips are paid, and delivered by the server's own worker to a receiver on
 * 127.0.0.1 that answers 204 at once: first steadily (RATE a second, one per transaction), then
 * a backlog that becomes due at once. Budgets: the first attempt of each steady event at most 1 s after the commit that wrote
 * it (p99), and at least 200 events a second delivered in the burst.
 *
 * The events are written by this process straight into the server's database (the outbox
 * writer every feature calls), so the figure is the worker's, not the payment flow's.
 */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2_000);
/** Events written per second: above the budget, so the worker must keep up with more than it. */
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 300);
const THROUGHPUT_PER_S = 200;
const FIRST_ATTEMPT_P99_MS = 1_000;

export async function run(): Promise<void> {
  line('database', engineLabel());
  line('events', `${EVENTS} steady at ${RATE} a second, then ${EVENTS} due at once`);
  const { database, cleanup } = await openBenchDatabase('webhooks');
  const received = new Map<string, number>();
  let duplicates = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  /** Resolves once `count` events have arrived, or after a minute (then the figures say so). */
  const untilReceived = (count: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      waiting.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      if (received.size >= count) waiting.pop()!.resolve();
    });
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      if (received.has(id)) duplicates += 1;
      else received.set(id, performance.now());
      response.writeHead(204).end();
      for (const wait of waiting.filter((entry) => received.size >= entry.count)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await migrate(database);
    const seed = await seedBulkTips(database, { ...TEN_THOUSAND, now: new Date() });
    const server = await startBenchServer(database, { webhookAllowPrivate: true }, { seed: false });
    try {
      const endpointId = randomUUID();
      await database.db.insert(webhookEndpoints).values({
        id: endpointId,
        businessId: seed.heavyBusinessId,
        url: receiverUrl,
        eventTypes: ['tip.paid'],
        secretSealed: sealWebhookSecret(
          server.deps.config.sessionSecret,
          endpointId,
          newWebhookSecret(),
        ),
      });
      const write = (at: Date) =>
        database.db.transaction((tx) =>
          recordWebhookEvent(tx, {
            businessId: seed.heavyBusinessId,
            type: 'tip.paid',
            data: { object: 'tip', id: randomUUID(), amount: 500, currency: 'EUR' },
            now: at,
          }),
        );

      // Steady: one event every 1/RATE s, each in its own transaction, as paid tips come in.
      const committed = new Map<string, number>();
      const started = performance.now();
      for (let i = 0; i < EVENTS; i += 1) {
        const wait = started + (i * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const event = await write(new Date());
        committed.set(event.id, performance.now());
      }
      const written = performance.now();
      await untilReceived(EVENTS);
      const latencies = [...committed].map(([id, at]) => (received.get(id) ?? Infinity) - at);
      const last = Math.max(...[...committed.keys()].map((id) => received.get(id) ?? Infinity));
      line('steady: written', `${EVENTS} events in ${((written - started) / 1000).toFixed(2)} s`);
      line(
        'steady: delivered',
        `${[...committed.keys()].filter((id) => received.has(id)).length} of ${EVENTS}; the last ${((last - written) / 1000).toFixed(2)} s after the last commit`,
      );
      line('steady: commit -> first attempt p50', ms(percentile(latencies, 50)));
      const p99 = percentile(latencies, 99);
      budget(
        'steady: commit -> first attempt p99',
        ms(p99),
        p99 <= FIRST_ATTEMPT_P99_MS,
        `<= ${FIRST_ATTEMPT_P99_MS} ms`,
      );
      line('steady: commit -> first attempt max', ms(Math.max(...latencies)));

      // Burst: as many events again, written due in an hour and then made due at once by one
      // UPDATE (a backlog after an endpoint comes back, say): from that commit to the last answer
      // is the worker's own pace, not the writer's.
      const burst = new Set<string>();
      const later = new Date(Date.now() + 3_600_000);
      for (let i = 0; i < EVENTS; i += 100) {
        await database.db.transaction(async (tx) => {
          for (let j = i; j < Math.min(EVENTS, i + 100); j += 1) {
            const event = await recordWebhookEvent(tx, {
              businessId: seed.heavyBusinessId,
              type: 'tip.paid',
              data: { object: 'tip', id: randomUUID(), amount: 500, currency: 'EUR' },
              now: later,
            });
            burst.add(event.id);
          }
        });
      }
      await database.query(
        `UPDATE webhook_deliveries SET next_attempt_at = now() WHERE state = 'pending'`,
      );
      const burstStarted = performance.now();
      await untilReceived(EVENTS * 2);
      const burstLast = Math.max(...[...burst].map((id) => received.get(id) ?? Infinity));
      const seconds = (burstLast - burstStarted) / 1000;
      const rate = [...burst].filter((id) => received.has(id)).length / seconds;
      budget(
        'burst: events delivered per second',
        `${rate.toFixed(0)}/s (${burst.size} in ${seconds.toFixed(2)} s after they became due)`,
        rate >= THROUGHPUT_PER_S && [...burst].every((id) => received.has(id)),
        `>= ${THROUGHPUT_PER_S}/s, every event`,
      );
      line('delivered twice', String(duplicates));
    } finally {
      await server.close();
    }
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await cleanup();
  }
}
