import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionEndCode } from '../../../shared/domain/session-end';
import { readSessionToken } from '../auth/cookie';
import { actorOf } from '../auth/guard';
import { endedSessionReason, findSession, isSessionActive } from '../auth/sessions';
import type { RealtimeHub, TipChange } from '../realtime/hub';

/**
 * Ends one open stream; with a pause (a shutdown) it first sends the `reconnect` hint, so the
 * browser comes back after that many ms instead of treating the close as an error.
 */
export type OpenStream = (reconnectAfterMs?: number) => void;

/**
 * How far the clocks of two instances may disagree: the HTML made on one, the stream opened on
 * another. A change heard this much before the page was made is told again (a harmless refetch).
 */
const CATCH_UP_CLOCK_SKEW_MS = 2_000;

/** The pause a shutting-down instance asks for: 250–1000 ms, spread so streams do not return at once. */
export function reconnectPauseMs(random: () => number = Math.random): number {
  return 250 + Math.floor(random() * 750);
}

/**
 * GET /api/employee/stream: Server-Sent Events with every change to a tip the signed-in employee
 * receives. Events carry ids only; the page fetches what it shows through the normal endpoints,
 * which keeps one place deciding what an employee may see. A comment line every 25 s keeps
 * proxies from closing an idle stream (config.realtimeHeartbeatMs), and each heartbeat checks the session: once it has ended,
 * the stream says so and closes (a stream never extends a session by itself).
 */
export function streamHandler(
  app: FastifyInstance,
  hub: RealtimeHub,
  openStreams: Set<OpenStream>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = actorOf(request);
    const token = readSessionToken(request, app.deps.config);
    const raw = reply.raw;
    reply.hijack();

    // Headers set by hooks (security headers, request id) are not sent for a hijacked reply.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) raw.setHeader(name, value as string | number | string[]);
    }
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });

    let ended = false;
    const write = (text: string) => {
      if (!ended) raw.write(text);
    };
    const end = (reconnectAfterMs?: number) => {
      if (ended) return;
      if (reconnectAfterMs !== undefined) {
        // The instance is shutting down, not the session: the browser reconnects (through the
        // load balancer, to another instance) after this pause and catches up by refetching.
        // `retry` tells a plain EventSource the same; our client reads the event.
        write(
          `retry: ${reconnectAfterMs}\nevent: reconnect\ndata: ${JSON.stringify({ afterMs: reconnectAfterMs })}\n\n`,
        );
      }
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      stopAccountWatch();
      stopBusinessWatch();
      openStreams.delete(end);
      raw.end();
    };

    const sendTip = (change: TipChange) =>
      write(
        `event: tip\ndata: ${JSON.stringify({ tipId: change.tipId, status: change.status })}\n\n`,
      );
    const unsubscribe = hub.subscribe(actor.profileId, sendTip);
    // The page's HTML brought its first answers (decision 0420): what changed since it was made,
    // as the events it would have heard; or, when the hub cannot know, `catch-up` asks the page
    // to fetch afresh. Subscribed first, so nothing falls between the two.
    const { since } = request.query as { since?: number };
    if (since !== undefined) {
      const missed = hub.changesSince(actor.profileId, since - CATCH_UP_CLOCK_SKEW_MS);
      if (missed === null) write('event: catch-up\ndata: {}\n\n');
      else for (const change of missed) sendTip(change);
    }
    const sessionEnded = (reason?: SessionEndCode | null) => {
      // With a reason (decision 0505) the dashboard leads to the login page's notice of it.
      write(`event: session-ended\ndata: ${JSON.stringify(reason ? { reason } : {})}\n\n`);
      end();
    };
    // Deactivation ends the account's sessions and closes its streams at once.
    const stopAccountWatch = hub.onAccountEnded(actor.userId, sessionEnded);
    // So does suspending or closing the business, for everyone but the platform admin.
    const stopBusinessWatch =
      actor.role !== 'admin' && actor.businessId
        ? hub.onBusinessEnded(actor.businessId, sessionEnded)
        : () => {};
    const heartbeat = setInterval(() => {
      void (async () => {
        const found = token ? await findSession(app.deps.database.db, token) : null;
        if (!found || found.disabled || !isSessionActive(found.session, app.deps.clock.now())) {
          sessionEnded(token ? await endedSessionReason(app.deps.database.db, token, found) : null);
          return;
        }
        write(': heartbeat\n\n');
      })().catch(() => end());
    }, app.deps.config.realtimeHeartbeatMs);
    heartbeat.unref();

    openStreams.add(end);
    request.raw.on('close', () => end());
    write('event: ready\ndata: {}\n\n');
  };
}
