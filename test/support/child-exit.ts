import type { ChildProcess } from 'node:child_process';

/** Whether a spawned helper (nginx, PgBouncer) ended, and a promise that settles when it does. */
export interface ChildExit {
  readonly ended: Promise<void>;
  hasEnded(): boolean;
}

/**
 * Watches a child for its end. A spawn that fails (the binary went away) counts as ended too, so
 * a failed start ends that start, never the whole test process with an unhandled 'error'.
 */
export function watchExit(child: ChildProcess): ChildExit {
  let ended = false;
  const promise = new Promise<void>((resolve) => {
    const end = () => {
      ended = true;
      resolve();
    };
    child.once('exit', end);
    child.once('error', end);
  });
  return { ended: promise, hasEnded: () => ended };
}
