import type { FastifyRequest } from 'fastify';

/** What the auth service needs to know about the caller of a request. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  /** For audit rows: IP, user agent and the app clock. */
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    request,
  };
}
