import {
  INTEGRATION_RETRIES,
  INTEGRATION_RETRY_BASE_DELAY_MS,
} from '../../../shared/domain/constants';

/**
 * A small GraphQL client for the AiO NFC/QR formatting service (spec §7 integration service).
 * The bearer token comes from server configuration and is sent only to the service. A call is
 * tried up to 3 times, waiting 1 s × the attempt number between tries; `sleep` is injected so
 * tests move a fake clock instead of waiting.
 */

export interface NfcObject {
  id: string;
  nfcUid: string;
  nfcBaseUrl: string | null;
  notes: string | null;
  type: string;
  qrCode: { id: string; data: string | null } | null;
  createdAt: string | null;
}

export interface AioClientOptions {
  url: string;
  token: string;
  sleep: (ms: number) => Promise<void>;
  attempts?: number;
  baseDelayMs?: number;
  /** Per attempt; a hanging service must not hold a sync forever. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A failed call; `retryable` is false when trying again cannot help (bad token, bad request). */
export class AioError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly attempts = 1,
  ) {
    super(message);
    this.name = 'AioError';
  }
}

const CREATE_NFC_OBJECT = `mutation CreateNfcObject($tenantId: String!, $input: CreateNfcObjectInput!) {
  createNfcObject(tenantId: $tenantId, input: $input) {
    id nfcUid nfcBaseUrl notes type qrCode { id data } createdAt
  }
}`;

/** The cheapest question every GraphQL server answers: checks address and token. */
const PING = 'query Ping { __typename }';

export interface AioClient {
  createNfcObject(input: {
    tenantId: string;
    nfcUid: string;
    baseUrl: string;
    notes: string;
  }): Promise<{ object: NfcObject; attempts: number }>;
  ping(): Promise<{ attempts: number }>;
  /** {service}/qr/{qrCodeId}.png|.pdf|.svg (spec §7). */
  downloadLinks(qrCodeId: string): { png: string; pdf: string; svg: string };
}

export function createAioClient(options: AioClientOptions): AioClient {
  const attempts = options.attempts ?? INTEGRATION_RETRIES;
  const baseDelay = options.baseDelayMs ?? INTEGRATION_RETRY_BASE_DELAY_MS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const service = new URL(options.url).origin;

  async function once<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${options.token}`,
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? 'Zeitüberschreitung'
          : 'nicht erreichbar';
      throw new AioError(`AiO-Dienst ${reason}.`, true);
    }
    const text = await response.text();
    if (!response.ok) {
      const retryable =
        response.status >= 500 || response.status === 429 || response.status === 408;
      const auth = response.status === 401 || response.status === 403;
      throw new AioError(
        auth
          ? `AiO-Dienst lehnt den Token ab (HTTP ${response.status}).`
          : `AiO-Dienst antwortet mit HTTP ${response.status}.`,
        retryable,
      );
    }
    let body: { data?: T; errors?: { message?: string }[] };
    try {
      body = JSON.parse(text);
    } catch {
      throw new AioError('AiO-Dienst antwortet nicht mit JSON.', true);
    }
    if (body.errors?.length) {
      const message = body.errors.map((e) => e.message ?? 'unbekannt').join('; ');
      throw new AioError(`AiO-Dienst meldet: ${message.slice(0, 300)}`, true);
    }
    if (!body.data) throw new AioError('AiO-Dienst antwortet ohne Daten.', true);
    return body.data;
  }

  async function withRetries<T>(call: () => Promise<T>): Promise<{ value: T; attempts: number }> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { value: await call(), attempts: attempt };
      } catch (error) {
        const failure =
          error instanceof AioError
            ? error
            : new AioError('Unerwarteter Fehler beim AiO-Aufruf.', true);
        if (!failure.retryable || attempt >= attempts) {
          throw new AioError(failure.message, failure.retryable, attempt);
        }
        await options.sleep(baseDelay * attempt);
      }
    }
  }

  return {
    async createNfcObject(input) {
      const { value, attempts: used } = await withRetries(async () => {
        const data = await once<{ createNfcObject?: NfcObject | null }>(CREATE_NFC_OBJECT, {
          tenantId: input.tenantId,
          input: {
            nfcUid: input.nfcUid,
            baseUrl: input.baseUrl,
            type: 'QR_CODE',
            notes: input.notes,
          },
        });
        if (!data.createNfcObject?.id)
          throw new AioError('AiO-Dienst lieferte kein NFC-Objekt.', true);
        return data.createNfcObject;
      });
      return { object: value, attempts: used };
    },

    async ping() {
      const { attempts: used } = await withRetries(() => once<{ __typename?: string }>(PING, {}));
      return { attempts: used };
    },

    downloadLinks(qrCodeId) {
      const base = `${service}/qr/${encodeURIComponent(qrCodeId)}`;
      return { png: `${base}.png`, pdf: `${base}.pdf`, svg: `${base}.svg` };
    },
  };
}
