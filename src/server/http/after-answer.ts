import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Work a route leaves for after its answer (decision 0450): the mails of sign-up, and the
 * account lookup, token and mail of 'Passwort vergessen?' and the magic link, so that an address
 * with an account is answered exactly as fast as one without. A piece left during a request starts
 * once that request's answer has been written (its `onResponse`, or its abort), not merely on the
 * next turn of the event loop: a hook that waits on I/O before the answer is written (the
 * embedded database runs on this thread) would otherwise let the piece run first and delay the
 * answer of a known address. Outside a request a piece starts on the next turn. Its failure is
 * logged, and closing the app waits for whatever is still running.
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

/** The starts of the pieces the current request left, run when its answer is written. */
const requestPieces = new AsyncLocalStorage<(() => void)[]>();

export function createAfterAnswer(log: Logger, options: { held?: boolean } = {}): HeldAfterAnswer {
  const running = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let held = options.held ?? false;

  return {
    later(failure, work) {
      const piece = new Promise<void>((start) => {
        const ofRequest = requestPieces.getStore();
        if (held) waiting.push(start);
        else if (ofRequest) ofRequest.push(() => start());
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
  interface FastifyRequest {
    /** The starts of the pieces this request left for after its answer. */
    afterAnswerPieces: (() => void)[] | null;
  }
}

function startPieces(pieces: (() => void)[] | null): void {
  for (const start of pieces?.splice(0) ?? []) start();
}

/** One `afterAnswer` per app; closing releases held pieces and waits for all of them. */
export function registerAfterAnswer(app: FastifyInstance, options: { held?: boolean } = {}): void {
  app.decorate('afterAnswer', createAfterAnswer(app.log, options));
  app.decorateRequest('afterAnswerPieces', null);
  // The rest of the request runs inside this store, so `later` knows whose answer to wait for.
  app.addHook('onRequest', (request, _reply, done) => {
    const pieces: (() => void)[] = [];
    request.afterAnswerPieces = pieces;
    requestPieces.run(pieces, done);
  });
  app.addHook('onResponse', async (request) => startPieces(request.afterAnswerPieces));
  app.addHook('onRequestAbort', async (request) => startPieces(request.afterAnswerPieces));
  app.addHook('onClose', async () => {
    app.afterAnswer.release();
    await app.afterAnswer.settled();
  });
}
