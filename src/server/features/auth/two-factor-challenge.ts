import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_CHALLENGE_TTL_MS } from '../../../shared/domain/two-factor';
import type { Config } from '../../config';
import type { Executor } from '../../db/connect';
import { insertTwoFactorChallenge } from './queries/tokens';
import { hashToken, newToken } from './tokens';

/**
 * The step between a right first factor and the code (decision 0316): a random token, only its
 * SHA-256 stored, bound to the person and the way they signed in, valid 5 minutes, spent by the
 * first right code or after 5 wrong ones. No session exists until then.
 */
export interface IssuedChallenge {
  /** Goes into the challenge cookie and nowhere else. */
  token: string;
  expiresAt: Date;
}

export async function issueTwoFactorChallenge(
  executor: Executor,
  options: { userId: string; method: 'password' | 'magic_link'; now: Date },
): Promise<IssuedChallenge> {
  const token = newToken();
  const expiresAt = new Date(options.now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
  await insertTwoFactorChallenge(executor, {
    id: hashToken(token),
    userId: options.userId,
    method: options.method,
    createdAt: options.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The only path the challenge cookie is sent to. */
const CHALLENGE_PATH = '/api/auth/two-factor';

const isSecure = (config: Pick<Config, 'publicOrigin'>) => config.publicOrigin.startsWith('https:');

/** __Secure- over https (the browser then refuses it from plain http); __Host- needs path "/". */
export function challengeCookieName(config: Pick<Config, 'publicOrigin'>): string {
  return isSecure(config) ? '__Secure-trinkgeld_2fa' : 'trinkgeld_2fa';
}

/**
 * httpOnly (no script, so no injected one, can read it), SameSite=Strict (the code is sent from
 * our own login page only) and sent to the code endpoint alone.
 */
export function setChallengeCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicOrigin'>,
  challenge: IssuedChallenge,
): void {
  reply.setCookie(challengeCookieName(config), challenge.token, {
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(config),
    expires: challenge.expiresAt,
  });
}

export function clearChallengeCookie(reply: FastifyReply, config: Pick<Config, 'publicOrigin'>) {
  reply.clearCookie(challengeCookieName(config), {
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(config),
  });
}

export function readChallengeToken(
  request: FastifyRequest,
  config: Pick<Config, 'publicOrigin'>,
): string | undefined {
  const value = request.cookies[challengeCookieName(config)];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}
