import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the AiO GraphQL service on 127.0.0.1, for integration tests. Every request is
 * recorded; answers come from a queue the test fills (`failNext`), else a successful
 * createNfcObject (or ping) answer.
 */
export interface RecordedCall {
  headers: IncomingHttpHeaders;
  query: string;
  variables: Record<string, unknown>;
}

export type FakeAnswer =
  { status: number; body?: unknown } | { graphqlError: string } | { hang: true };

export interface FakeAio {
  url: string;
  calls: RecordedCall[];
  /** The next n requests get this answer instead of success. */
  failNext(n: number, answer?: FakeAnswer): void;
  /** Every request from now on gets this answer (null: succeed again). */
  failAlways(answer: FakeAnswer | null): void;
  close(): Promise<void>;
}

export async function startFakeAio(): Promise<FakeAio> {
  const calls: RecordedCall[] = [];
  const queue: FakeAnswer[] = [];
  let always: FakeAnswer | null = null;
  let counter = 0;

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as {
        query?: string;
        variables?: Record<string, unknown>;
      };
      calls.push({
        headers: request.headers,
        query: body.query ?? '',
        variables: body.variables ?? {},
      });
      const answer = queue.shift() ?? always;
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (answer && 'hang' in answer) return;
      if (answer && 'graphqlError' in answer) {
        return send(200, { data: null, errors: [{ message: answer.graphqlError }] });
      }
      if (answer) return send(answer.status, answer.body ?? { errors: [{ message: 'kaputt' }] });
      if (!body.query?.includes('createNfcObject'))
        return send(200, { data: { __typename: 'Query' } });
      counter += 1;
      const input = (body.variables?.input ?? {}) as Record<string, string>;
      send(200, {
        data: {
          createNfcObject: {
            id: `nfc-${counter}`,
            nfcUid: input.nfcUid,
            nfcBaseUrl: input.baseUrl,
            notes: input.notes,
            type: input.type,
            qrCode: { id: `qr-${counter}`, data: `${input.baseUrl}${input.nfcUid}` },
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    calls,
    failNext(n, answer = { status: 500 }) {
      for (let i = 0; i < n; i += 1) queue.push(answer);
    },
    failAlways(answer) {
      always = answer;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
