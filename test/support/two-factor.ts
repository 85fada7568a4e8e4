import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { authTokens, users } from '../../src/server/db/schema';
import { hashToken, newToken } from '../../src/server/features/auth/tokens';
import { challengeCookieName } from '../../src/server/features/auth/two-factor-challenge';
import { timeStepOf, totpCodeAt } from '../../src/server/features/two-factor/totp';
import { MAGIC_LINK_TTL_MS } from '../../src/shared/domain/constants';
import type { Clock } from '../../src/server/lib/clock';
import type { TestApp } from './app';

/**
 * Helpers for tests of two-factor sign-in: what an authenticator app shows, the challenge
 * cookie of a sign-in answer, and a magic link without going through the mail.
 */

const STEP_MS = 30_000;

/** The code an authenticator app shows at the test clock's time. */
export function codeNow(t: Pick<TestApp, 'clock'>, secret: string): string {
  return totpCodeAt(secret, timeStepOf(t.clock.now()));
}

/**
 * Moves the clock to the next 30-second step and returns its code: a code is accepted once, so
 * a test that uses the app twice waits for the next one, as a person would.
 */
export function nextCode(t: Pick<TestApp, 'clock'>, secret: string): string {
  t.clock.advance(STEP_MS);
  return codeNow(t, secret);
}

/** The `cookie` header value that carries the challenge of a "code required" answer. */
export function challengeCookieOf(
  t: Pick<TestApp, 'config'>,
  response: LightMyRequestResponse,
): string {
  const name = challengeCookieName(t.config);
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in: ${response.body}`);
  return `${name}=${cookie.value}`;
}

/** The `cookie` header value of the session a response opened. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name.endsWith('trinkgeld_session'));
  if (!cookie) throw new Error(`no session cookie in: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** A single-use sign-in link of this person (the token the e-mail would carry). */
export async function magicLinkTokenFor(
  t: { database: TestApp['database']; clock: Clock },
  email: string,
  purpose: 'magic_link' | 'invitation' = 'magic_link',
): Promise<string> {
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`magicLinkTokenFor: no user ${email}`);
  const token = newToken();
  await t.database.db.insert(authTokens).values({
    tokenHash: hashToken(token),
    purpose,
    userId: user.id,
    email,
    expiresAt: new Date(t.clock.now().getTime() + MAGIC_LINK_TTL_MS),
    createdAt: t.clock.now(),
  });
  return token;
}
