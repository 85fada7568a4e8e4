import type { Database } from '../../db/connect';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { securityNoticeMail } from '../auth/security-notice';
import { endUserSessions } from '../auth/sessions';
import type { Mailer } from '../mail/mailer';
import { deleteTwoFactor, findAccountByEmail, loadTwoFactor } from './queries';

export interface OperatorResetContext {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  publicOrigin: string;
}

export type OperatorResetOutcome =
  | { outcome: 'reset'; mailId: string }
  | { outcome: 'unknown' }
  | { outcome: 'not_operator' }
  | { outcome: 'not_enabled' };

/**
 * The way back for a sole platform admin who lost phone and recovery codes:
 * someone with a shell on the server runs `npm run admin:reset-two-factor`. In one transaction the
 * admin's secret, recovery codes and every session go, and a `two_factor_reset` audit row (method
 * `cli`) is written with the notice to the admin in the outbox; the caller delivers it. Owners
 * and employees are reset in the console, never here: the command reaches only platform admins.
 */
export async function resetOperatorTwoFactor(
  ctx: OperatorResetContext,
  email: string,
): Promise<OperatorResetOutcome> {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const person = await findAccountByEmail(tx, email);
    if (!person) return { outcome: 'unknown' as const };
    if (person.role !== 'admin') return { outcome: 'not_operator' as const };
    const row = await loadTwoFactor(tx, person.id, { lock: true });
    if (!row?.enabledAt) return { outcome: 'not_enabled' as const };
    await deleteTwoFactor(tx, person.id);
    await endUserSessions(tx, { userId: person.id, reason: 'session_two_factor_reset', now });
    await writeAudit(tx, {
      // Nobody is signed in at the command line: the row names the admin as its subject.
      actor: { profileId: person.id, businessId: null, hasProfile: true },
      action: 'two_factor_reset',
      targetType: 'user',
      targetId: person.id,
      payload: { personName: person.fullName ?? person.email, email: person.email, method: 'cli' },
      businessId: null,
      at: now,
    });
    const mailId = await ctx.mailer.enqueue(
      tx,
      securityNoticeMail(
        person.email,
        'twoFactorReset',
        `${ctx.publicOrigin}/employee/login`,
        person.staffLanguage ?? undefined,
      ),
    );
    return { outcome: 'reset' as const, mailId };
  });
}
