import { businessAccessMessage } from '../../../shared/domain/business-access';
import { eq } from 'drizzle-orm';
import {
  accountDeactivatedMessage,
  AUTH_ERRORS,
  rateLimitMessage,
  type RateLimitedEndpoint,
  type SessionTwoFactor,
} from '../../../shared/api/auth';
import { BUSINESS_ACCESS_ERRORS, type BusinessAccessRefusal } from '../../../shared/api/operator';
import {
  INACTIVITY_TIMEOUT_MS,
  INACTIVITY_WARNING_BEFORE_MS,
} from '../../../shared/domain/constants';
import { ERRORS } from '../../../shared/domain/errors';
import { effectiveRole } from '../../../shared/domain/roles';
import type { AuthDeps } from './context';
import type { Executor } from '../../db/connect';
import { businesses, profiles, users, userTwoFactor } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  combineDecisions,
  type RateDecision,
  type RateLimiter,
  type RateRule,
} from '../../http/rate-limit';
import { writeAudit } from '../audit/write';
import { sessionTwoFactorOf } from './two-factor-rules';
import { type IssuedChallenge, issueTwoFactorChallenge } from './two-factor-challenge';
import type { Actor } from './actor';
import type { ClientInfo } from './client';
import type { TrustedDevice } from './device';
import { staffAccessRefusal } from '../../../shared/domain/business-access';
import { AUTH_RATE_RULES } from './limits';
import { HashQueueFullError, verifyPassword } from './password';
import { isAuditedActor } from './policy';
import {
  createSession,
  endedSessionReason,
  endSession,
  findSession,
  isSessionActive,
  type NewSession,
  touchSession,
} from './sessions';
import { hashIdentifier } from './tokens';

export interface SignedIn extends NewSession {
  user: { id: string; email: string };
  /** No earlier sign-in was recorded for this account. */
  firstSignIn: boolean;
  twoFactor: SessionTwoFactor;
}

/** How a session was opened; `sign_up`: the confirmation link of a self-service sign-up. */
export type SignInMethod = 'password' | 'magic_link' | 'sign_up';

/**
 * A right first factor: a session, or (two-factor sign-in on, decision 0316) a challenge that a
 * code must answer before any session exists.
 */
export type FirstFactorResult =
  ({ kind: 'session' } & SignedIn) | { kind: 'two_factor'; challenge: IssuedChallenge };

/** Authentication use cases. Created once per app with its dependencies. */
export function createAuthService(deps: AuthDeps, limiter: RateLimiter) {
  const { database, clock, config } = deps;
  const db = database.db;
  const subject = (kind: 'ip' | 'email' | 'email-ip' | 'device', value: string) =>
    hashIdentifier(config.sessionSecret, `${kind}:${value}`);

  async function enforce(decisions: RateDecision[]): Promise<void> {
    const decision = combineDecisions(decisions);
    if (!decision.allowed) {
      throw new AppError(ERRORS.rate_limited, {
        message: rateLimitMessage(decision.retryAfter),
        retryAfter: decision.retryAfter,
      });
    }
  }

  async function loadAccount(executor: Executor, email: string) {
    const [row] = await executor
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        emailVerifiedAt: users.emailVerifiedAt,
        lastLoginAt: users.lastLoginAt,
        disabledAt: users.disabledAt,
        role: profiles.role,
        businessId: profiles.businessId,
        fullName: profiles.fullName,
        profileId: profiles.id,
        staffLanguage: profiles.staffLanguage,
        businessActive: businesses.active,
        businessName: businesses.name,
        businessClosedAt: businesses.closedAt,
        twoFactorEnabledAt: userTwoFactor.enabledAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(businesses, eq(businesses.id, profiles.businessId))
      .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
      .where(eq(users.email, email));
    return row;
  }

  type Account = NonNullable<Awaited<ReturnType<typeof loadAccount>>>;

  /**
   * Session row, last-login time and (for admins and owners) the admin_login audit row. With
   * two-factor sign-in only after the second factor (`secondFactor` names it in the audit row).
   */
  async function openSession(
    executor: Executor,
    account: Account,
    client: ClientInfo,
    method: SignInMethod,
    secondFactor?: 'totp' | 'recovery_code',
  ): Promise<SignedIn> {
    // No session opens for someone whose business is suspended or closed, whichever
    // way they proved who they are; they hear why.
    const refusal = businessRefusalOf(account);
    if (refusal) {
      throw new AppError(BUSINESS_ACCESS_ERRORS[refusal], {
        message: businessAccessMessage(refusal, config.contactEmail),
      });
    }
    const now = clock.now();
    const created = await createSession(executor, {
      userId: account.id,
      now,
      userAgent: client.userAgent,
      ipHash: subject('ip', client.ip),
      firstSignIn: account.lastLoginAt === null,
    });
    await executor
      .update(users)
      .set({
        lastLoginAt: now,
        updatedAt: now,
        ...(account.emailVerifiedAt ? {} : { emailVerifiedAt: now }),
      })
      .where(eq(users.id, account.id));
    const actor = accountActor(account, created.session.id);
    if (isAuditedActor(actor)) {
      await writeAudit(executor, {
        actor,
        action: 'admin_login',
        targetType: 'security',
        targetId: account.id,
        payload: { method, ...(secondFactor ? { secondFactor } : {}) },
        request: client.request,
      });
    }
    return {
      ...created,
      user: { id: account.id, email: account.email },
      firstSignIn: created.session.firstSignIn,
      twoFactor: sessionTwoFactorOf(actor, account.twoFactorEnabledAt !== null, config.nodeEnv),
    };
  }

  /**
   * The first factor was right. Without two-factor sign-in the session opens; with it only a
   * challenge is issued (5 minutes, single use), whatever the link or password was.
   */
  async function finishFirstFactor(
    executor: Executor,
    account: Account,
    client: ClientInfo,
    /** A new account's sign-up opens its session directly (it has no second factor yet). */
    method: Exclude<SignInMethod, 'sign_up'>,
  ): Promise<FirstFactorResult> {
    // A suspended or closed business's staff hear why before any code is asked for.
    const refusal = businessRefusalOf(account);
    if (refusal) {
      throw new AppError(BUSINESS_ACCESS_ERRORS[refusal], {
        message: businessAccessMessage(refusal, config.contactEmail),
      });
    }
    if (account.twoFactorEnabledAt) {
      const challenge = await issueTwoFactorChallenge(executor, {
        userId: account.id,
        method,
        now: clock.now(),
      });
      return { kind: 'two_factor', challenge };
    }
    return { kind: 'session', ...(await openSession(executor, account, client, method)) };
  }

  return {
    loadAccount,
    openSession,
    finishFirstFactor,

    /**
     * A refusal of this address that is already known, checked before the body is even read
     * (finding 2): a flood from one address over its limit costs neither parsing, nor a database
     * round trip, nor hashing. Null when the request must go the full way.
     */
    knownRefusal(
      endpoint: 'sign-in' | 'magic-link',
      client: Pick<ClientInfo, 'ip'>,
      /** A signed device cookie may pass the address's limit: decided on the full path. */
      hasDevice = false,
    ): AppError | null {
      if (hasDevice) return null;
      const rule =
        endpoint === 'sign-in' ? AUTH_RATE_RULES.loginPerIp : AUTH_RATE_RULES.magicLinkPerIp;
      const decision = limiter.cachedDenial(rule, subject('ip', client.ip));
      if (!decision) return null;
      return new AppError(ERRORS.rate_limited, {
        message: rateLimitMessage(decision.retryAfter),
        retryAfter: decision.retryAfter,
      });
    },

    /**
     * Throttling instead of lockout (finding 1, docs/decisions/0200-sign-in-throttling.md). Every
     * budget is consumed atomically *before* the password is hashed, so parallel guesses get no
     * more tries than sequential ones and a flood is refused without spending CPU on it.
     */
    async signInWithPassword(input: {
      email: string;
      password: string;
      client: ClientInfo;
      device?: TrustedDevice | undefined;
    }): Promise<FirstFactorResult> {
      const { email, password, client } = input;
      const ipKey = subject('ip', client.ip);
      // Without a device cookie the address's budget is consumed before anything is read.
      if (!input.device) await enforce([await limiter.consume(AUTH_RATE_RULES.loginPerIp, ipKey)]);

      const account = await loadAccount(db, email);
      const device = account && input.device?.userId === account.id ? input.device : undefined;
      // A device cookie of another account passes nothing: it counts against the address too.
      if (input.device && !device) {
        await enforce([await limiter.consume(AUTH_RATE_RULES.loginPerIp, ipKey)]);
      }
      const budgets: [RateRule, string][] = device
        ? [[AUTH_RATE_RULES.loginPerDevice, subject('device', `${email}|${device.deviceId}`)]]
        : [
            [AUTH_RATE_RULES.loginPerAccountAddress, subject('email-ip', `${email}|${client.ip}`)],
            [AUTH_RATE_RULES.loginPerAccount, subject('email', email)],
          ];
      const decision = combineDecisions(
        await Promise.all(budgets.map(([rule, key]) => limiter.consume(rule, key))),
      );
      if (!decision.allowed) {
        throw new AppError(AUTH_ERRORS.too_many_attempts, { retryAfter: decision.retryAfter });
      }

      // Always derive a key, so an unknown address takes as long as a wrong password.
      const passwordMatches = await verifyPassword(password, account?.passwordHash ?? null).catch(
        (error: unknown) => {
          if (!(error instanceof HashQueueFullError)) throw error;
          throw new AppError(ERRORS.rate_limited, { message: rateLimitMessage(1), retryAfter: 1 });
        },
      );
      if (!account || !passwordMatches) throw new AppError(AUTH_ERRORS.invalid_credentials);
      // The right password proves the address: the person hears why and whom to ask (0356).
      if (account.disabledAt) throw deactivatedError(account);
      if (!account.emailVerifiedAt) throw new AppError(AUTH_ERRORS.email_not_confirmed);

      // The right password: this address (or device) starts afresh, and the account-wide and
      // address-wide budgets only ever hold failures (colleagues signing in behind one
      // router never use up its budget).
      const [first, second] = budgets;
      if (first) await limiter.reset(first[0], first[1]);
      if (second) await limiter.release(second[0], second[1]);
      if (!device) await limiter.release(AUTH_RATE_RULES.loginPerIp, ipKey);
      return db.transaction((tx) => finishFirstFactor(tx, account, client, 'password'));
    },

    /**
     * A magic-link request against its limits: the address's flood limit refuses
     * (429) unless the request carries this account's device cookie; the per-e-mail limit only
     * decides whether another mail goes out, so requests others make for an address never refuse
     * its owner's own. Answers whether a mail may be sent.
     */
    async magicLinkAllowance(
      email: string,
      client: ClientInfo,
      trustedDevice: boolean,
    ): Promise<{ mail: boolean }> {
      if (!trustedDevice) {
        await enforce([
          await limiter.consume(AUTH_RATE_RULES.magicLinkPerIp, subject('ip', client.ip)),
        ]);
      }
      const mails = await limiter.consume(
        AUTH_RATE_RULES.magicLinkPerEmail,
        subject('email', email),
      );
      return { mail: mails.allowed };
    },

    /**
     * The spec's rate-limit check (§7): whether the next attempt from here would be allowed and
     * when to retry, without counting a hit. It never reveals how many attempts are left.
     */
    async checkRateLimit(input: {
      endpoint: RateLimitedEndpoint;
      email?: string | undefined;
      client: ClientInfo;
    }): Promise<{ allowed: boolean; retryAfter: number }> {
      const { ip } = input.client;
      const decisions =
        input.endpoint === 'auth-login'
          ? [await limiter.peek(AUTH_RATE_RULES.loginPerIp, subject('ip', ip))]
          : [await limiter.peek(AUTH_RATE_RULES.magicLinkPerIp, subject('ip', ip))];
      if (input.email) {
        decisions.push(
          input.endpoint === 'auth-login'
            ? await limiter.peek(
                AUTH_RATE_RULES.loginPerAccountAddress,
                subject('email-ip', `${input.email}|${ip}`),
              )
            : await limiter.peek(AUTH_RATE_RULES.magicLinkPerEmail, subject('email', input.email)),
        );
      }
      const combined = combineDecisions(decisions);
      return { allowed: combined.allowed, retryAfter: combined.retryAfter };
    },

    /** The live session behind a cookie token, or null. Reading is not activity. */
    async currentSession(token: string | undefined) {
      if (!token) return null;
      const found = await findSession(db, token);
      if (!found || found.disabled || !isSessionActive(found.session, clock.now())) return null;
      return found;
    },

    /** Why the session behind a cookie token is not live (decision 0505). */
    async endedReason(token: string) {
      return endedSessionReason(db, token, await findSession(db, token));
    },

    /**
     * Sign-out: ends the session (a copy of its cookie hears 'signed out'); admins and owners get
     * an admin_logout row.
     */
    async signOut(token: string | undefined, client: ClientInfo): Promise<void> {
      if (!token) return;
      const found = await findSession(db, token);
      if (!found) return;
      await db.transaction(async (tx) => {
        if (isAuditedActor(found.actor) && isSessionActive(found.session, clock.now())) {
          await writeAudit(tx, {
            actor: found.actor,
            action: 'admin_logout',
            targetType: 'security',
            targetId: found.actor.userId,
            payload: { reason: 'sign_out' },
            request: client.request,
          });
        }
        await endSession(tx, {
          sessionId: found.session.id,
          reason: 'session_signed_out',
          now: clock.now(),
        });
      });
    },

    /**
     * The browser's inactivity timer ran out: the session ends, and for admins and owners a
     * session_timeout row records it. Accepts a session that has just expired on the server too,
     * since both clocks run out at about the same moment.
     */
    async recordTimeout(token: string | undefined, client: ClientInfo): Promise<void> {
      if (!token) return;
      const found = await findSession(db, token);
      if (!found) return;
      await db.transaction(async (tx) => {
        if (isAuditedActor(found.actor)) {
          await writeAudit(tx, {
            actor: found.actor,
            action: 'session_timeout',
            targetType: 'security',
            targetId: found.actor.userId,
            payload: {
              timeout_duration: INACTIVITY_TIMEOUT_MS / 1000,
              warning_duration: INACTIVITY_WARNING_BEFORE_MS / 1000,
            },
            request: client.request,
          });
        }
        await endSession(tx, {
          sessionId: found.session.id,
          reason: 'session_expired',
          now: clock.now(),
        });
      });
    },

    /** 'Sitzung verlängern': activity plus, for admins and owners, a session_extended row. */
    async extendSession(actor: Actor, client: ClientInfo) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const session = await touchSession(tx, actor.sessionId, now);
        if (!session) throw new AppError(AUTH_ERRORS.session_expired);
        if (isAuditedActor(actor)) {
          await writeAudit(tx, {
            actor,
            action: 'session_extended',
            targetType: 'security',
            targetId: actor.userId,
            payload: { extended_at: now.toISOString() },
            request: client.request,
          });
        }
        return session;
      });
    },

    async touch(actor: Actor) {
      const session = await touchSession(db, actor.sessionId, clock.now());
      if (!session) throw new AppError(AUTH_ERRORS.session_expired);
      return session;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function accountActor(
  account: {
    id: string;
    email: string;
    role: string | null;
    businessId: string | null;
    fullName: string | null;
    profileId: string | null;
  },
  sessionId: string,
): Actor {
  return {
    userId: account.id,
    profileId: account.id,
    role: effectiveRole(account.role),
    businessId: account.businessId,
    email: account.email,
    fullName: account.fullName,
    hasProfile: account.profileId !== null,
    sessionId,
  };
}

/** A deactivated account, told to whoever proved the address is theirs (decision 0356). */
export function deactivatedError(account: {
  businessName: string | null;
  role: string | null;
}): AppError {
  return new AppError(AUTH_ERRORS.account_deactivated, {
    message: accountDeactivatedMessage(account),
  });
}

/** Whether the account's business keeps it out (suspended or closed; never the platform admin). */
export function businessRefusalOf(account: {
  role: string | null;
  businessActive: boolean | null;
  businessClosedAt: Date | null;
}): BusinessAccessRefusal | null {
  return staffAccessRefusal({
    role: account.role === null ? null : effectiveRole(account.role),
    business:
      account.businessActive === null
        ? null
        : { active: account.businessActive, closedAt: account.businessClosedAt },
  });
}
