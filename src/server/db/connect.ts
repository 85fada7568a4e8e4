import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { restrictTree } from '../lib/private-files';
import { lockEmbeddedDatabase } from './embedded-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one query-builder API, the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a database or an open transaction: services accept both. */
export type Executor = Db | Tx;

export type NotificationHandler = (payload: string) => void;
export type RawRunner = <R = Record<string, unknown>>(
  sql: string,
  params?: unknown[],
) => Promise<R[]>;

export interface QueryOptions {
  /**
   * PostgreSQL: parse and plan the text once per connection and keep it under a name derived from
   * the text (hot paths whose text never changes; decision 0280). PGlite ignores it.
   */
  prepared?: boolean;
}

const preparedNames = new Map<string, string>();
/** Statement texts seen with parameters, and how often (bounded: cleared when full). */
const timesSeen = new Map<string, number>();
const MAX_TEXTS_COUNTED = 5_000;
/** A text asked this often is kept prepared on the connections that run it (decision 0282). */
const PREPARE_AFTER = 3;
/** Named statements one connection keeps at most; beyond them texts are sent unnamed. */
const MAX_PREPARED_PER_CONNECTION = 300;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  [key: string]: unknown;
}

/**
 * A connection that names the parameterised statements this process runs often, so PostgreSQL
 * parses and plans each once per connection instead of on every call (decision 0282). The query
 * builder sends the same text for the same query shape, so the hot paths (payment starts,
 * webhooks, the employee screens) are prepared after their third call. Rare texts (a list of a
 * new length, an admin report) stay unnamed and cost nothing per connection.
 */
class PreparingClient extends pg.Client {
  private readonly named = new Set<string>();

  // pg's overloads are many; this passes every call through unchanged but for the name.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    const text =
      typeof config === 'string'
        ? config
        : typeof (config as QueryConfigLike | null)?.text === 'string'
          ? ((config as QueryConfigLike).text as string)
          : null;
    const hasName =
      typeof config === 'object' &&
      config !== null &&
      'name' in config &&
      Boolean((config as QueryConfigLike).name);
    if (
      text !== null &&
      !hasName &&
      Array.isArray(values) &&
      values.length > 0 &&
      this.shouldPrepare(text)
    ) {
      const name = preparedName(text);
      const named = typeof config === 'string' ? { text, name } : { ...(config as object), name };
      return (super.query as (...rest: unknown[]) => never)(named, ...args.slice(1));
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }

  private shouldPrepare(text: string): boolean {
    if (this.named.has(text)) return true;
    if (timesSeen.size >= MAX_TEXTS_COUNTED) timesSeen.clear();
    const seen = (timesSeen.get(text) ?? 0) + 1;
    timesSeen.set(text, seen);
    if (seen < PREPARE_AFTER || this.named.size >= MAX_PREPARED_PER_CONNECTION) return false;
    this.named.add(text);
    return true;
  }
}

/** One name per statement text, the same on every connection and instance. */
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `trinkgeld_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  return name;
}

export interface Database {
  readonly engine: 'pglite' | 'postgres';
  readonly db: Db;
  /** Runs SQL text that may hold several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<T[]>;
  /**
   * Runs `work` in one transaction on one connection with raw SQL (migrations, locks).
   * `run` without params may hold several statements.
   */
  rawTransaction<T>(work: (run: RawRunner) => Promise<T>): Promise<T>;
  /** Subscribes to a PostgreSQL NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Resolves once every notification committed before the call has reached this handle's
   * listeners, with the number of the LISTEN connection: a new number means it was re-opened and
   * notifications sent in between were missed. Rejects while that connection is down.
   */
  syncNotifications(): Promise<number>;
  /**
   * The NOTIFY channel this handle really uses for `name` (schema-isolated handles prefix it), for
   * a `pg_notify` issued inside a transaction.
   */
  channelName(name: string): string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (metrics); PGlite has one connection, no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the whole data directory as a gzipped tarball (test snapshots, backups). */
  dump?(): Promise<Blob>;
}

/**
 * Connections per PostgreSQL pool. A payment start or webhook waits for its commit to reach the
 * disk (several ms here); with more connections more of those commits share one flush (group
 * commit), so the guest write path is not capped at pool size / flush time (decision 0257).
 */
export const DEFAULT_POOL_SIZE = 20;

export interface OpenOptions {
  /** postgres:// URL; absent opens PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent (with no url) opens an in-memory database. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumped data directory (tests load a migrated snapshot this way). */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL: use this schema for everything (tests isolate themselves this way). */
  searchPath?: string | undefined;
  poolSize?: number;
  /**
   * PostgreSQL: how the named statements are planned (decision 0286). `generic` (the default)
   * plans each once per connection; `auto` is PostgreSQL's own default, which re-plans a
   * statement on every call while a plan for its values looks cheaper (the benchmarks compare
   * both).
   */
  plans?: 'generic' | 'auto';
  /**
   * PostgreSQL: the direct connection for LISTEN (DATABASE_LISTEN_URL). A LISTEN needs one
   * server session for as long as it listens, which a transaction pooler does not give; the
   * default is `url` (decision 0401).
   */
  listenUrl?: string | undefined;
  /**
   * PostgreSQL: `direct` (the default) for PostgreSQL itself; `transaction` behind PgBouncer in
   * transaction pooling (DATABASE_POOL_MODE, decision 0401). A transaction may run on any server
   * connection there, so statements are sent unnamed (a name parsed on one server connection
   * does not exist on the next) and nothing is sent as a startup option (PgBouncer refuses
   * `options`): `plans` and `searchPath` then only name the channel prefix, and a schema must come
   * from the pooler (`connect_query`) or the role.
   */
  poolMode?: PoolMode;
}

export type PoolMode = 'direct' | 'transaction';

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options) : openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
    // DATA_DIR (created here on a first start) is the server's user's alone (decision 0436).
    mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
    unlock = lockEmbeddedDatabase(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  if (dataDir) {
    // PGlite copies a new database's files into place 0666 whatever the umask; files it makes
    // later follow the umask. Both are tightened now and again on close.
    try {
      restrictTree(dataDir);
    } catch (error) {
      await client.close();
      unlock();
      throw error;
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    engine: 'pglite',
    db,
    async exec(sql) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query<T>(sql, params);
      return result.rows;
    },
    rawTransaction(work) {
      return client.transaction((tx) =>
        work(async <R>(text: string, params?: unknown[]) => {
          if (params) return (await tx.query<R>(text, params)).rows;
          await tx.exec(text);
          return [];
        }),
      );
    },
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    // One connection: a notification reaches the listeners with the statement that committed it.
    syncNotifications: async () => 0,
    channelName: (name) => name,
    async ping() {
      await client.query('SELECT 1');
    },
    async dump() {
      return client.dumpDataDir('gzip');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
        if (dataDir) restrictTree(dataDir);
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(options: OpenOptions): Promise<Database> {
  // Generic plans: the hot statements are kept prepared (decision 0282), but with PostgreSQL's
  // default plan cache mode a statement whose custom plans look cheaper than its generic one (a
  // typical employee among a million tips) is planned again on every call, which cost more than
  // running it (about 1 ms against 0.2 ms). Our statements are index lookups whose best plan
  // does not depend on the values (decision 0286).
  const settings = [`plan_cache_mode=${options.plans === 'auto' ? 'auto' : 'force_generic_plan'}`];
  if (options.searchPath) settings.push(`search_path=${quoteIdent(options.searchPath)}`);
  // Behind a transaction pooler (decision 0401): no startup options and no named statements.
  // Every statement is then parsed and planned per call, so PostgreSQL's own plan_cache_mode
  // (`auto`: a plan for the call's values) is the right one and nothing needs to be set.
  const pooled = options.poolMode === 'transaction';
  const connectionOptions = pooled
    ? {}
    : { options: settings.map((setting) => `-c ${setting}`).join(' ') };
  const pool = new pg.Pool({
    Client: pooled ? pg.Client : PreparingClient,
    connectionString: options.url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...connectionOptions,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client whose server goes away (restart: 57P01) emits 'error' too; without a
  // listener that would end the process. The query in flight fails and answers 503 instead.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const listener = new PgListener(
    () => new pg.Client({ connectionString: options.listenUrl ?? options.url }),
  );
  // NOTIFY channels are per database, not per schema: a schema-isolated instance (tests) gets
  // its own channel names so neighbours on the same database never hear each other.
  const channel = (name: string) => (options.searchPath ? `${options.searchPath}__${name}` : name);

  return {
    engine: 'postgres',
    db,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async exec(sql) {
      await pool.query(sql);
    },
    async query<T>(sql: string, params: unknown[] = [], queryOptions: QueryOptions = {}) {
      const result =
        queryOptions.prepared && !pooled
          ? await pool.query({ name: preparedName(sql), text: sql, values: params })
          : await pool.query(sql, params);
      return result.rows as T[];
    },
    async rawTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(async <R>(text: string, params?: unknown[]) => {
          const res = params ? await client.query(text, params) : await client.query(text);
          // A multi-statement text answers with one result per statement.
          return (Array.isArray(res) ? [] : res.rows) as R[];
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (name, handler) => listener.listen(channel(name), handler),
    async notify(name, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel(name), payload]);
    },
    syncNotifications: () => listener.sync(),
    channelName: channel,
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One dedicated connection for LISTEN, shared by all subscribers of this process.
 * It reconnects with backoff when the connection drops and re-issues every LISTEN.
 */
class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;
  /** How many times the connection was opened. */
  private generation = 0;

  constructor(private readonly createClient: () => pg.Client) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${quoteIdent(channel)}`);
    return async () => {
      const current = this.handlers.get(channel);
      current?.delete(handler);
      if (current && current.size === 0) {
        this.handlers.delete(channel);
        if (this.client && !this.closed) {
          await this.client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        }
      }
    };
  }

  /**
   * A round trip on the LISTEN connection: the server sends a notification committed before
   * the query ahead of the query's answer, and the client hands both over in that order.
   */
  async sync(): Promise<number> {
    const client = this.client;
    if (!client) throw new Error('LISTEN connection is down');
    const generation = this.generation;
    await client.query('SELECT 1');
    return generation;
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (!this.connecting) {
      this.connecting = (async () => {
        const client = this.createClient();
        client.on('notification', (message) => {
          for (const handler of this.handlers.get(message.channel) ?? []) {
            handler(message.payload ?? '');
          }
        });
        client.on('error', () => this.onBroken(client));
        client.on('end', () => this.onBroken(client));
        await client.connect();
        for (const channel of this.handlers.keys()) {
          await client.query(`LISTEN ${quoteIdent(channel)}`);
        }
        this.client = client;
        this.generation += 1;
        return client;
      })().finally(() => {
        this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  private onBroken(broken: pg.Client): void {
    if (this.closed || this.client !== broken) return;
    this.client = undefined;
    this.scheduleReconnect(0);
  }

  private scheduleReconnect(attempt: number): void {
    const delay = Math.min(10_000, 500 * 2 ** attempt);
    setTimeout(() => {
      if (this.closed || this.client) return;
      this.connect().catch(() => this.scheduleReconnect(attempt + 1));
    }, delay).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => {});
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
