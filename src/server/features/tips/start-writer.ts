import type { Database } from '../../db/connect';
import {
  runStartStatement,
  type StartedTip,
  type StartWritten,
  startShapeKey,
} from './queries/start-statement';

/** Starts one statement writes at most; the rest wait for the next. */
export const MAX_STARTS_PER_WRITE = 50;
/**
 * Statements on their way at once. One alone would leave the database's other cores idle while it
 * waits for its commit; many would take each start alone again (decision 0303).
 */
export const MAX_WRITES_IN_FLIGHT = 3;

interface WaitingStart {
  tip: StartedTip;
  /** Which statement text it needs (startShapeKey), worked out once when it arrives. */
  shape: string;
  resolve(written: StartWritten): void;
  reject(error: unknown): void;
}

/**
 * Writes the common payment starts (a new flow: no retry, no pay-later link, nothing to expire
 * first) of many guests together (decision 0303). A start that arrives while enough statements
 * are on their way waits for the next, which then writes every start waiting by then: under load
 * one statement and one commit write many tips, and a quiet server writes each at once.
 *
 * Each start is still all or nothing: the statement is. When it fails, every start in it is
 * written again alone, so a guest whose start conflicts (an open session elsewhere) gets that
 * error and the others are not affected by it.
 */
export class StartWriter {
  private readonly waiting: WaitingStart[] = [];
  private inFlight = 0;

  constructor(private readonly database: Pick<Database, 'query'>) {}

  write(tip: StartedTip): Promise<StartWritten> {
    const written = new Promise<StartWritten>((resolve, reject) => {
      this.waiting.push({ tip, shape: startShapeKey(tip), resolve, reject });
    });
    this.writeWaiting();
    return written;
  }

  private writeWaiting(): void {
    while (this.inFlight < MAX_WRITES_IN_FLIGHT && this.waiting.length > 0) {
      // The oldest waiting start decides the shape; starts of another shape keep their places.
      const { shape } = this.waiting[0]!;
      const batch: WaitingStart[] = [];
      const rest: WaitingStart[] = [];
      for (const start of this.waiting) {
        if (start.shape === shape && batch.length < MAX_STARTS_PER_WRITE) batch.push(start);
        else rest.push(start);
      }
      this.waiting.splice(0, this.waiting.length, ...rest);
      this.inFlight += 1;
      void this.writeTogether(batch).finally(() => {
        this.inFlight -= 1;
        this.writeWaiting();
      });
    }
  }

  private async writeTogether(batch: WaitingStart[]): Promise<void> {
    try {
      const written = await this.run(batch.map((start) => start.tip));
      batch.forEach((start, index) => start.resolve(written[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(
        batch.map(async (start) => {
          try {
            const [written] = await this.run([start.tip]);
            start.resolve(written!);
          } catch (alone) {
            start.reject(alone);
          }
        }),
      );
    }
  }

  private async run(tips: StartedTip[]): Promise<StartWritten[]> {
    const rows = await runStartStatement(this.database, tips);
    const byTip = new Map(rows.map((row) => [row.tip_id, row]));
    return tips.map((tip) => {
      const row = byTip.get(tip.tipId);
      if (!row) throw new Error(`the start statement answered no row for tip ${tip.tipId}`);
      return { attempt: Number(row.attempt), written: Boolean(row.written) };
    });
  }
}

const writers = new WeakMap<object, StartWriter>();

/** The one writer of a database handle, so starts of all requests on it can share statements. */
export function startWriterOf(database: Pick<Database, 'query'>): StartWriter {
  let writer = writers.get(database);
  if (!writer) {
    writer = new StartWriter(database);
    writers.set(database, writer);
  }
  return writer;
}
