import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { sessionCookieName } from '../../src/server/features/auth/cookie';
import { createSession } from '../../src/server/features/auth/sessions';
import type { TestApp } from './app';

/**
 * Signs a person in without the password and without touching the sign-in rate limits, and
 * returns the `cookie` header value for `t.inject`:
 *
 *   const cookie = await signIn(t, 'anna@demo.local');
 *   await t.inject({ method: 'GET', url: '/api/profiles/me', headers: { cookie } });
 *
 * The session starts at `t.clock.now()` and idles out 15 minutes later like any other.
 */
export async function signIn(t: Pick<TestApp, 'database' | 'clock' | 'config'>, email: string) {
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) throw new Error(`signIn: no user ${email} in the test database`);
  const { token } = await createSession(t.database.db, { userId: user.id, now: t.clock.now() });
  return `${sessionCookieName(t.config)}=${token}`;
}
