import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { newToken } from './tokens';

/**
 * The "usual device" cookie (docs/decisions/0200-sign-in-throttling.md): after a successful
 * sign-in the browser keeps a signed `<userId>.<deviceId>` for 180 days. A password sign-in that
 * shows it for the same account is counted on its own small budget, so an attacker hammering the
 * account from elsewhere never locks the person out of their own phone or PC.
 */
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const USER_ID = /^[0-9a-f-]{36}$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export interface TrustedDevice {
  userId: string;
  deviceId: string;
}

function isSecure(config: Pick<Config, 'publicOrigin'>): boolean {
  return config.publicOrigin.startsWith('https:');
}

export function deviceCookieName(config: Pick<Config, 'publicOrigin'>): string {
  return isSecure(config) ? '__Host-trinkgeld_device' : 'trinkgeld_device';
}

/** The signed device named by the request's cookie, or undefined for none, forged or malformed. */
export function readDevice(
  request: FastifyRequest,
  config: Pick<Config, 'publicOrigin'>,
): TrustedDevice | undefined {
  const raw = request.cookies[deviceCookieName(config)];
  if (!raw || raw.length > 200) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const [userId, deviceId, ...rest] = unsigned.value.split('.');
  if (rest.length > 0 || !userId || !deviceId) return undefined;
  if (!USER_ID.test(userId) || !DEVICE_ID.test(deviceId)) return undefined;
  return { userId, deviceId };
}

/** Remembers this browser as a usual device of `userId` (kept if it already is one). */
export function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicOrigin'>,
  userId: string,
): void {
  const existing = readDevice(request, config);
  const deviceId = existing?.userId === userId ? existing.deviceId : newToken();
  reply.setCookie(deviceCookieName(config), `${userId}.${deviceId}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
    signed: true,
  });
}
