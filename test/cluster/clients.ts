/**
 * What the cluster test's simulated people do over HTTP: guests paying through the demo
 * checkout, staff signing in, dashboards reading and following the live stream.
 */

export class HttpClient {
  /** Send a request once more when the connection failed before any answer came. */
  resendOnClosedConnection = false;
  resent = 0;

  constructor(
    /** The app's PUBLIC_ORIGIN: browsers send it as `origin` on every state-changing request. */
    readonly origin: string,
  ) {}

  async request(
    base: string,
    path: string,
    options: {
      method?: string;
      json?: unknown;
      form?: string;
      headers?: Record<string, string>;
      timeoutMs?: number;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin, ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = options.form;
    }
    const send = () =>
      fetch(`${base}${path}`, {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    // The pool may hold several connections the other side closed at once: each can fail once.
    for (let resends = 0; ; resends += 1) {
      try {
        return await send();
      } catch (error) {
        if (!this.resendOnClosedConnection || !isClosedConnection(error) || resends >= 3) {
          throw error;
        }
        this.resent += 1;
      }
    }
  }
}

/** fetch's error for a connection that ended before an answer (not a timeout of ours). */
function isClosedConnection(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const code = (error.cause as { code?: string } | undefined)?.code ?? '';
  return ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED'].includes(code);
}

export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** A documentation-range client address (RFC 5737), different per simulated person. */
export function clientAddress(n: number): string {
  return `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export interface LiveEvent {
  tipId: string;
  status: string;
  at: number;
}

/** A dashboard's open Server-Sent Events stream; collects the tip events it receives. */
export class Dashboard {
  readonly events: LiveEvent[] = [];
  private readonly controller = new AbortController();
  ended = false;
  /** `reconnect` events: the instance said it is shutting down before it ended the stream. */
  reconnectHints = 0;
  private waiters: { tipId: string; resolve: () => void }[] = [];

  private constructor(readonly name: string) {}

  static async open(
    name: string,
    client: HttpClient,
    base: string,
    cookie: string,
  ): Promise<Dashboard> {
    const dashboard = new Dashboard(name);
    const response = await fetch(`${base}/api/employee/stream`, {
      headers: { cookie, accept: 'text/event-stream', origin: client.origin },
      signal: dashboard.controller.signal,
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`${name}: stream answered ${response.status}`);
    }
    void dashboard.read(response.body);
    return dashboard;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: reconnect$/m.test(block)) this.reconnectHints += 1;
          if (!/^event: tip$/m.test(block)) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const event = JSON.parse(data) as { tipId: string; status: string };
          this.events.push({ ...event, at: Date.now() });
          for (const waiter of this.waiters.filter((w) => w.tipId === event.tipId)) {
            waiter.resolve();
          }
          this.waiters = this.waiters.filter((w) => w.tipId !== event.tipId);
        }
      }
    } catch {
      // The instance went away (the kill) or we closed the stream.
    }
    this.ended = true;
  }

  paidTipIds(): Set<string> {
    return new Set(this.events.filter((e) => e.status === 'pending').map((e) => e.tipId));
  }

  /** Resolves true once an event for `tipId` arrived, false after `timeoutMs`. */
  waitFor(tipId: string, timeoutMs: number): Promise<boolean> {
    if (this.events.some((e) => e.tipId === tipId)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push({
        tipId,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      });
    });
  }

  close(): void {
    this.controller.abort();
  }
}

/** Counts every answer by status (or by the network error), per phase. */
export class Tally {
  readonly byStatus = new Map<string, number>();
  requests = 0;

  add(status: number | string): void {
    this.requests += 1;
    const key = String(status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
  }

  errors(): number {
    let count = 0;
    for (const [status, n] of this.byStatus) {
      if (!/^[23]\d\d$/.test(status)) count += n;
    }
    return count;
  }

  summary(): string {
    const parts = [...this.byStatus.entries()].sort(([a], [b]) => a.localeCompare(b));
    return parts.map(([status, n]) => `${status}: ${n}`).join(', ');
  }
}
