import type { FastifyRequest } from 'fastify';
import {
  type RecoveryCodes,
  TWO_FACTOR_ERRORS,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/api/two-factor';
import type { AuditEventOf } from '../../../shared/domain/audit-events';
import { readSecondFactorCode } from '../../../shared/domain/two-factor';
import { acceptedSessionSecrets, type Config } from '../../config';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import type { Actor } from '../auth/actor';
import { isAuditedActor } from '../auth/policy';
import { queueSecurityNotice, type SecurityNoticeContext } from '../auth/security-notice';
import { endOtherSessions } from '../auth/sessions';
import { isTwoFactorRequired } from '../auth/two-factor-rules';
import { presentTwoFactorStatus } from './presenter';
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  loadTwoFactor,
  markTwoFactorEnabled,
  upsertPendingSecret,
} from './queries';
import { replaceRecoveryCodes } from './recovery-codes';
import { sealSecret } from './secret';
import { newTotpSecret, totpUri } from './totp';
import {
  type CodeBudget,
  giveBackCodeAttempt,
  refusalOf,
  type SecondFactorUsed,
  spendCodeAttempt,
  spendSecondFactor,
} from './verify';

/** What the two-factor feature needs from the app (not the whole AppDeps). */
export interface TwoFactorContext {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'sessionSecret' | 'sessionSecretPrevious' | 'nodeEnv' | 'contactEmail'>;
  budget: CodeBudget;
  /** Tells the person when their second factor is turned off (decision 0451). */
  notices: SecurityNoticeContext;
}

type Request = Pick<FastifyRequest, 'ip' | 'headers' | 'server'>;

/** Own settings: one's own row only, found by the session's user id. */

async function statusOf(ctx: TwoFactorContext, executor: Executor, actor: Actor) {
  const row = await loadTwoFactor(executor, actor.userId);
  const remaining = row?.enabledAt ? await countUnusedRecoveryCodes(executor, actor.userId) : 0;
  return presentTwoFactorStatus(
    row,
    remaining,
    isTwoFactorRequired(actor.role, ctx.config.nodeEnv),
  );
}

/** Admins and owners leave a row in their business's audit log (spec §6); employees do not. */
async function auditOwn(
  tx: Executor,
  actor: Actor,
  request: Request,
  event: AuditEventOf<
    'two_factor_enable' | 'two_factor_disable' | 'two_factor_recovery_codes_regenerate'
  >,
) {
  if (!isAuditedActor(actor)) return;
  await writeAudit(tx, {
    actor,
    ...event,
    targetType: 'security',
    targetId: actor.userId,
    request,
  });
}

export function readTwoFactorStatus(ctx: TwoFactorContext, actor: Actor): Promise<TwoFactorStatus> {
  return statusOf(ctx, ctx.database.db, actor);
}

/**
 * 'Einrichten': a new secret, sealed and kept as pending (sign-in does not ask for it yet).
 * Starting again replaces a pending secret; an enabled one must be turned off first.
 */
export async function startTwoFactorSetup(
  ctx: TwoFactorContext,
  actor: Actor,
): Promise<TwoFactorSetup> {
  const now = ctx.clock.now();
  const secret = newTotpSecret();
  await ctx.database.db.transaction(async (tx) => {
    const row = await loadTwoFactor(tx, actor.userId, { lock: true });
    if (row?.enabledAt) throw new AppError(TWO_FACTOR_ERRORS.two_factor_already_enabled);
    const sealed = sealSecret(ctx.config.sessionSecret, actor.userId, secret);
    await upsertPendingSecret(tx, { userId: actor.userId, secretSealed: sealed, now });
  });
  return { uri: totpUri(secret, actor.email), secret, account: actor.email };
}

/**
 * Confirms the pending secret with a current code: from now on sign-in asks for one. The ten
 * recovery codes come back once; the database keeps their hashes. The person's other sessions
 * end, as after a password change: a session opened without the code (a stolen cookie) must not
 * outlive the step that should keep it out. This session stays.
 */
export async function confirmTwoFactorSetup(
  ctx: TwoFactorContext,
  actor: Actor,
  code: string,
  request: Request,
): Promise<RecoveryCodes> {
  await spendCodeAttempt(ctx.budget, actor.userId, request.ip);
  const now = ctx.clock.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    const row = await loadTwoFactor(tx, actor.userId, { lock: true });
    if (!row) throw new AppError(TWO_FACTOR_ERRORS.two_factor_setup_missing);
    if (row.enabledAt) throw new AppError(TWO_FACTOR_ERRORS.two_factor_already_enabled);
    const check = {
      serverSecrets: acceptedSessionSecrets(ctx.config),
      row,
      code: { kind: 'totp', code } as const,
      now,
    };
    const used = await spendSecondFactor(tx, check);
    if (!used) {
      throw new AppError(await refusalOf(tx, check, TWO_FACTOR_ERRORS.two_factor_code_invalid));
    }
    await markTwoFactorEnabled(tx, actor.userId, now);
    const recoveryCodes = await replaceRecoveryCodes(tx, {
      serverSecret: ctx.config.sessionSecret,
      userId: actor.userId,
      now,
    });
    await endOtherSessions(tx, {
      userId: actor.userId,
      keepSessionId: actor.sessionId,
      reason: 'session_two_factor_enabled',
      now,
    });
    await auditOwn(tx, actor, request, { action: 'two_factor_enable', payload: {} });
    return { recoveryCodes, status: await statusOf(ctx, tx, actor) };
  });
  await giveBackCodeAttempt(ctx.budget, actor.userId);
  return result;
}

/**
 * Turns it off with a current code or a recovery code. Nothing else ends: this session and the
 * person's other sessions stay, as a right second factor proves who asks. The person gets a
 * notice by e-mail all the same: a stolen session with a recovery code would pass too.
 */
export async function disableTwoFactor(
  ctx: TwoFactorContext,
  actor: Actor,
  input: string,
  request: Request,
): Promise<TwoFactorStatus> {
  const code = readSecondFactorCode(input);
  if (!code) throw new AppError(TWO_FACTOR_ERRORS.two_factor_code_invalid);
  await spendCodeAttempt(ctx.budget, actor.userId, request.ip);
  const now = ctx.clock.now();
  const { status, deliverNotice } = await ctx.database.db.transaction(async (tx) => {
    const row = await loadTwoFactor(tx, actor.userId, { lock: true });
    if (!row?.enabledAt) throw new AppError(TWO_FACTOR_ERRORS.two_factor_not_enabled);
    const check = { serverSecrets: acceptedSessionSecrets(ctx.config), row, code, now };
    const used = await spendSecondFactor(tx, check);
    if (!used) {
      throw new AppError(await refusalOf(tx, check, TWO_FACTOR_ERRORS.two_factor_code_invalid));
    }
    await deleteTwoFactor(tx, actor.userId);
    await auditOwn(tx, actor, request, {
      action: 'two_factor_disable',
      payload: { secondFactor: used },
    });
    return {
      status: await statusOf(ctx, tx, actor),
      deliverNotice: await queueSecurityNotice(ctx.notices, tx, actor.userId, 'twoFactorDisabled'),
    };
  });
  deliverNotice();
  await giveBackCodeAttempt(ctx.budget, actor.userId);
  return status;
}

/** Ten new recovery codes for a current authenticator code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  ctx: TwoFactorContext,
  actor: Actor,
  code: string,
  request: Request,
): Promise<RecoveryCodes> {
  await spendCodeAttempt(ctx.budget, actor.userId, request.ip);
  const now = ctx.clock.now();
  const result = await ctx.database.db.transaction(async (tx) => {
    const row = await loadTwoFactor(tx, actor.userId, { lock: true });
    if (!row?.enabledAt) throw new AppError(TWO_FACTOR_ERRORS.two_factor_not_enabled);
    const check = {
      serverSecrets: acceptedSessionSecrets(ctx.config),
      row,
      code: { kind: 'totp', code } as const,
      now,
    };
    const used: SecondFactorUsed | null = await spendSecondFactor(tx, check);
    if (!used) {
      throw new AppError(await refusalOf(tx, check, TWO_FACTOR_ERRORS.two_factor_code_invalid));
    }
    const recoveryCodes = await replaceRecoveryCodes(tx, {
      serverSecret: ctx.config.sessionSecret,
      userId: actor.userId,
      now,
    });
    await auditOwn(tx, actor, request, {
      action: 'two_factor_recovery_codes_regenerate',
      payload: {},
    });
    return { recoveryCodes, status: await statusOf(ctx, tx, actor) };
  });
  await giveBackCodeAttempt(ctx.budget, actor.userId);
  return result;
}
