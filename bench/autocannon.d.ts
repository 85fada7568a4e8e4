// The parts of autocannon 9 the benchmarks use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      workers?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      amount?: number;
      timeout?: number;
      requests?: RequestSpec[];
    }
    interface RequestSpec {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Returns the request to send (or a changed copy); runs before every request. */
      setupRequest?: (request: RequestSpec) => RequestSpec;
      onResponse?: (status: number, body: string) => void;
    }
    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
      /** requests: every answered request of the run. */
      total?: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      '2xx': number;
      errors: number;
      timeouts: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  /** A running load: its events, and its result once it has finished. */
  interface Instance extends PromiseLike<autocannon.Result> {
    on(event: 'response', listener: (...args: unknown[]) => void): Instance;
  }
  function autocannon(options: autocannon.Options): Instance;
  export = autocannon;
}
