/**
 * Recognising database failures without ever logging what was in the query (findings
 * 4 and 6). Drizzle wraps driver errors in an error whose message holds the SQL and its
 * parameters (personal data), so only names and codes from the cause chain leave this module.
 */

/** Network errors of the driver and PostgreSQL's connection/shutdown classes. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
  'Cannot use a pool after calling end',
];
/** PostgreSQL refusing a character (NUL) or an encoding: the request's fault. */
const BAD_CHARACTER_SQLSTATES = new Set(['22021', '22P05']);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((item) => {
    const code = codeOf(item);
    if (code && (UNAVAILABLE_NODE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (code?.startsWith('08')) return true;
    const message = item instanceof Error ? item.message : '';
    return UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
  });
}

export function isBadCharacterError(error: unknown): boolean {
  return causes(error).some((item) => BAD_CHARACTER_SQLSTATES.has(codeOf(item) ?? ''));
}

/** What may be logged about an unexpected error: types and codes, never a message with data. */
export function safeErrorSummary(error: unknown): Record<string, unknown> {
  const chain = causes(error);
  const isQueryError = chain.some(
    (item) => item instanceof Error && /^Failed query:/.test(item.message),
  );
  return {
    type: error instanceof Error ? error.name : typeof error,
    codes: chain.map(codeOf).filter(Boolean),
    // Our own errors carry no data in their message; query errors do (SQL and parameters).
    ...(isQueryError ? {} : { message: error instanceof Error ? error.message : String(error) }),
    ...(isQueryError ? {} : { stack: error instanceof Error ? error.stack : undefined }),
  };
}
