import { sessionCookieName } from '../../src/server/features/auth/cookie';
import { createSession } from '../../src/server/features/auth/sessions';
import { migrate } from '../../src/server/db/migrate';
import { openBenchDatabase, startBenchServer } from './harness';
import { seedBulkTips } from './seed-tips';

/**
 * The server of the realtime benchmark in a process of its own, so its memory is measured
 * without the 2,000 clients. Talks to the benchmark over IPC: it sends the URL, one session
 * cookie and payment point per employee, answers `rss` with its resident memory after a
 * garbage collection, and stops on `stop`.
 */
const employees = Number(process.argv[2] ?? 2000);
const { database, cleanup } = await openBenchDatabase('realtime');
await migrate(database);
const seed = await seedBulkTips(database, {
  tips: 0,
  employees,
  businesses: 20,
  heavyEmployeeTips: 0,
  days: 1,
  now: new Date(),
});
const server = await startBenchServer(database, { trustProxy: ['127.0.0.1'] }, { seed: false });
const cookies: string[] = [];
for (const userId of seed.employeeIds) {
  const { token } = await createSession(database.db, { userId, now: new Date() });
  cookies.push(`${sessionCookieName(server.deps.config)}=${token}`);
}

const rss = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
};

process.on('message', (message: { type: string }) => {
  if (message.type === 'rss') process.send!({ type: 'rss', rss: rss() });
  if (message.type === 'stop') {
    void (async () => {
      await server.close();
      await cleanup();
      process.exit(0);
    })();
  }
});
process.send!({ type: 'ready', url: server.url, cookies, uids: seed.uids, rss: rss() });
