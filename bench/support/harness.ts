import autocannon from 'autocannon';
// The route option `schema.hide` is @fastify/swagger's addition to Fastify's types; the server's
// declarations (tsconfig.server.json) do not carry that augmentation into this project.
import type {} from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { type Config, testConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/connect';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/server';

/** Prints one figure: `name: value`. */
export function line(name: string, value: string | number): void {
  process.stdout.write(`${name}: ${value}\n`);
}

/** Prints a figure against its budget with PASS or FAIL, and returns whether it passed. */
export function budget(name: string, figure: string, passed: boolean, limit: string): boolean {
  line(name, `${figure} (budget ${limit}) ${passed ? 'PASS' : 'FAIL'}`);
  return passed;
}

export const usesPostgres = (): boolean => Boolean(process.env.DATABASE_URL);

export const engineLabel = (): string =>
  usesPostgres() ? 'postgresql (DATABASE_URL)' : 'pglite (embedded, in memory)';

export interface BenchDatabase {
  database: Database;
  /** Set on PostgreSQL: the schema this benchmark owns (dropped by cleanup). */
  schema?: string;
  cleanup(): Promise<void>;
}

/**
 * PostgreSQL when DATABASE_URL is set, in a schema of its own that cleanup drops, so a run
 * never touches other data there; otherwise an in-memory PGlite.
 */
export async function openBenchDatabase(name: string, poolSize = 10): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, cleanup: () => database.close() };
  }
  const schema = `bench_${name}_${Date.now().toString(36)}_${process.pid}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const database = await openDatabase({ url, searchPath: schema, poolSize });
  return {
    database,
    schema,
    async cleanup() {
      await database.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

export const HELLO_PATH = '/bench/hello';

/**
 * A page that does nothing: one heading, no script, no style, served by the same server with the
 * same headers as the app's pages. The Lighthouse bench audits it beside the tip page, so a run
 * shows what the audit gives a page for the browser's own work (decision 0422).
 */
export const REFERENCE_PAGE_PATH = '/bench/reference-page';
const REFERENCE_PAGE =
  '<!doctype html><html lang="de"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Trinkgeld</title></head><body><h1>Trinkgeld geben</h1></body></html>';

/**
 * The app on 127.0.0.1 (random port) with two extra routes: a bare hello (every throughput is
 * printed as a ratio to it, measured on the same server in the same run) and the reference page.
 */
export async function startBenchServer(
  database: Database,
  config: Partial<Config> = {},
  options: Omit<StartOptions, 'database' | 'beforeListen'> = {},
): Promise<RunningServer> {
  return startServer(testConfig({ host: '127.0.0.1', port: 0, logLevel: 'silent', ...config }), {
    database,
    seed: true,
    printMail: () => {},
    ...options,
    beforeListen(app: FastifyInstance) {
      app.get(HELLO_PATH, { schema: { hide: true } }, async () => 'hello');
      app.get(REFERENCE_PAGE_PATH, { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(REFERENCE_PAGE),
      );
    },
  });
}

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

/**
 * autocannon on this process for `SECONDS`, or for `amount` requests when that is given.
 *
 * With `amount`, autocannon only notices that it is done at its next one-second tick, and its
 * `requests.average` is the mean of whole-second buckets, the last one mostly empty: 1,200
 * answers in 1.1 s read "600 req/s". There the average is replaced by what was measured: the
 * answered requests over the time from the start to the last answer.
 */
export async function load(options: autocannon.Options): Promise<autocannon.Result> {
  if (!options.amount) return autocannon({ duration: SECONDS, ...options });
  const started = performance.now();
  let lastAnswer = started;
  const result = await autocannon(options).on('response', () => {
    lastAnswer = performance.now();
  });
  const seconds = (lastAnswer - started) / 1000;
  if (seconds > 0) result.requests.average = (result.requests.total ?? 0) / seconds;
  return result;
}

export function summary(result: autocannon.Result): string {
  return `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
