import { describe, expect, it, vi } from 'vitest';
import { createAfterAnswer, registerAfterAnswer } from './after-answer';

const quietLog = () => ({ error: vi.fn() });

describe('work left for after the answer', () => {
  it('starts nothing in the same turn, runs everything later and settles when all is done', async () => {
    const log = quietLog();
    const afterAnswer = createAfterAnswer(log);
    const done: string[] = [];
    afterAnswer.later('first failed', async () => {
      done.push('first');
      // Work may leave more work; settling waits for that too.
      afterAnswer.later('nested failed', async () => done.push('nested'));
    });
    expect(done).toEqual([]);
    await afterAnswer.settled();
    expect(done).toEqual(['first', 'nested']);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failure under its message and goes on with the rest', async () => {
    const log = quietLog();
    const afterAnswer = createAfterAnswer(log);
    const failure = new Error('SMTP weg');
    afterAnswer.later('mail not sent', () => Promise.reject(failure));
    await afterAnswer.settled();
    expect(log.error).toHaveBeenCalledWith({ err: failure }, 'mail not sent');
  });

  it('held, keeps every piece waiting until released', async () => {
    const afterAnswer = createAfterAnswer(quietLog(), { held: true });
    const work = vi.fn(async () => undefined);
    afterAnswer.later('failed', work);
    afterAnswer.later('failed', work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(work).not.toHaveBeenCalled();
    expect(afterAnswer.waiting).toBe(2);
    afterAnswer.release();
    await afterAnswer.settled();
    expect(work).toHaveBeenCalledTimes(2);
    expect(afterAnswer.waiting).toBe(0);
  });
});

describe('in an app', () => {
  it('starts a piece only once its answer is written, even when a hook waits on I/O first', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    registerAfterAnswer(app);
    // A hook that waits on I/O before the answer is written (as a database or metrics hook may).
    app.addHook('onSend', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const writtenAtStart: boolean[] = [];
    app.get('/forgot', async (_request, reply) => {
      app.afterAnswer.later('failed', async () => {
        writtenAtStart.push(reply.raw.writableEnded);
      });
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/forgot' });
    expect(response.statusCode).toBe(200);
    await app.afterAnswer.settled();
    expect(writtenAtStart).toEqual([true]);
    await app.close();
  });
});
