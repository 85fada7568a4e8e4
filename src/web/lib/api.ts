import type { GuestAlternative } from '../../shared/api/entrypoints';
import type { ApiErrorBody } from '../../shared/domain/errors';
import { NETWORK_ERROR } from '../../shared/domain/network-error';
import { isSessionEndCode } from '../../shared/domain/session-end';

/** An error answer from our API, carrying the German title and message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
    readonly retryAfter?: number,
    /** Tip pages offered instead of a deactivated person's (recipient_deactivated). */
    readonly alternatives: GuestAlternative[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Called when an API answer says the person is not (or no longer) signed in, so the session
 * layer can send them to the login page. Set once by the session provider.
 */
let onSignedOut: ((error: ApiError) => void) | undefined;
export function setSignedOutHandler(handler: ((error: ApiError) => void) | undefined): void {
  onSignedOut = handler;
}
/** "Not signed in (any more)": no session, or one that ended and the code says why (0505). */
const isSignedOutCode = (code: string) => code === 'unauthenticated' || isSessionEndCode(code);

/**
 * Called after every successful change (any method but GET) with its path. The admin console
 * uses it to mark its audit list out of date: every admin change writes an audit row on the
 * server, so a list loaded before it is missing that row.
 */
let onChanged: ((path: string) => void) | undefined;
export function setChangeHandler(handler: ((path: string) => void) | undefined): void {
  onChanged = handler;
}

/**
 * Says a server error in the staff language the screen speaks (decision 0383): the server answers
 * German; a translator gives another title and message for a code it knows. Set by the staff
 * language layer; unset, the German answer is shown as it is.
 */
type ErrorTranslator = (error: {
  code: string;
  retryAfter?: number | undefined;
}) => { title: string; message: string } | undefined;
let translateError: ErrorTranslator | undefined;
export function setErrorTranslator(translator: ErrorTranslator | undefined): void {
  translateError = translator;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let response: Response;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // A file goes as raw bytes; the server decides what it is from its content.
  const isFile = typeof Blob !== 'undefined' && body instanceof Blob;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !isForm && !isFile ? { 'content-type': 'application/json' } : {}),
        ...(isFile ? { 'content-type': body.type || 'application/octet-stream' } : {}),
        ...options.headers,
      },
      body: body === undefined ? null : isForm || isFile ? body : JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const said = translateError?.({ code: 'network_error' }) ?? NETWORK_ERROR;
    throw new ApiError(0, 'network_error', said.title, said.message);
  }
  if (response.ok && method !== 'GET') onChanged?.(path);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | undefined)?.error;
    const translated = error?.code ? translateError?.(error as { code: string }) : undefined;
    const apiError = new ApiError(
      response.status,
      error?.code ?? 'http_error',
      translated?.title ?? error?.title ?? 'Fehler',
      translated?.message ??
        error?.message ??
        'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
      error?.details ?? [],
      error?.retryAfter,
      error?.alternatives,
    );
    if (response.status === 401 && isSignedOutCode(apiError.code)) onSignedOut?.(apiError);
    throw apiError;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
};
