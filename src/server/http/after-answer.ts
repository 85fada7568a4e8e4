import type { FastifyInstance } from 'fastify';

/**
 * Work a route leaves for after its answer (decision 0450): the mails of sign-up, and the
 * account lookup, token and mail of 'Passwort vergessen?' and the magic link, so that an address
 * with an account is answered exactly as fast as one without. A piece starts once the current
 * answer has been written (the next turn of the event loop), its failure is logged, and closing
 * the app waits for whatever is still running.
 */
export interface AfterAnswer {
  /** Runs `work` after the answer; a failure is logged with `failure` as its message. */
  later(failure: string, work: () => Promise<unknown>): void;
  /** Resolves once every piece started so far, and any piece those started, has finished. */
  settled(): Promise<void>;
}

/** The test version (`holdAfterAnswer`): pieces wait until the test lets them run. */
export interface HeldAfterAnswer extends AfterAnswer {
  /** How many pieces wait for `release`. */
  readonly waiting: number;
  /** Starts every waiting piece (and any added later while released). */
  release(): void;
}

interface Logger {
  error(object: Record<string, unknown>, message: string): void;
}

export function createAfterAnswer(log: Logger, options: { held?: boolean } = {}): HeldAfterAnswer {
  const running = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let held = options.held ?? false;

  return {
    later(failure, work) {
      const piece = new Promise<void>((start) => {
        if (held) waiting.push(start);
        else setImmediate(start);
      })
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, failure),
        )
        .finally(() => running.delete(piece));
      running.add(piece);
    },

    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    get waiting() {
      return waiting.length;
    },

    release() {
      held = false;
      for (const start of waiting.splice(0)) start();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work left for after the answer (see `AfterAnswer`). */
    afterAnswer: HeldAfterAnswer;
  }
}

/** One `afterAnswer` per app; closing releases held pieces and waits for all of them. */
export function registerAfterAnswer(app: FastifyInstance, options: { held?: boolean } = {}): void {
  app.decorate('afterAnswer', createAfterAnswer(app.log, options));
  app.addHook('onClose', async () => {
    app.afterAnswer.release();
    await app.afterAnswer.settled();
  });
}
