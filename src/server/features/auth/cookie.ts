import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/** Over https the __Host- prefix makes the browser refuse the cookie from any other host/path. */
export function sessionCookieName(config: Pick<Config, 'publicOrigin'>): string {
  return isSecure(config) ? '__Host-trinkgeld_session' : 'trinkgeld_session';
}

function isSecure(config: Pick<Config, 'publicOrigin'>): boolean {
  return config.publicOrigin.startsWith('https:');
}

/** httpOnly (no script reads it), SameSite=Lax, Secure on https, for the whole site. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicOrigin'>,
  token: string,
  expires: Date,
): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicOrigin'>) {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
  });
}

export function readSessionToken(
  request: FastifyRequest,
  config: Pick<Config, 'publicOrigin'>,
): string | undefined {
  const value = request.cookies[sessionCookieName(config)];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}
