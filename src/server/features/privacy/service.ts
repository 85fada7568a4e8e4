import type { FastifyRequest } from 'fastify';
import { PRIVACY_ERRORS } from '../../../shared/api/privacy';
import { ERRORS } from '../../../shared/domain/errors';
import type { PrivacyDeps } from './context';
import { countUnusedRecoveryCodes, loadTwoFactor } from '../two-factor/queries';
import { AppError } from '../../http/errors';
import type { Actor } from '../auth/actor';
import { writeAudit } from '../audit/write';
import { ACCOUNT_EVENTS_CHANNEL } from '../realtime/hub';
import { anonymisePerson } from './anonymise';
import { canDeleteOwnAccount, canExportOwnData } from './policy';
import { selectPersonData } from './queries/export';

/**
 * Everything stored about the signed-in person (Art. 15/20 GDPR), as one JSON document: account,
 * profile, team memberships, payment points naming them, tips received (direct and team shares,
 * with the guests' messages to them), the replies they wrote, the payouts to them and the amounts
 * deducted from their shares, sessions, whether two-factor sign-in is on and the audit rows of
 * their own actions.
 */
export async function exportOwnData(deps: PrivacyDeps, actor: Actor) {
  if (!canExportOwnData(actor, actor.userId)) throw new AppError(ERRORS.forbidden);
  const db = deps.database.db;
  const id = actor.userId;
  const {
    account,
    profile,
    teams,
    points,
    shares,
    received,
    replyRequests,
    replies,
    transfers,
    deductions,
    sessions,
    actions,
    agreements,
  } = await selectPersonData(db, id);
  const shareByTip = new Map(shares.map((share) => [share.tipId, share.amountCents]));
  const replyRequested = new Map(replyRequests.map((row) => [row.tipId, row.until]));
  // Whether and since when, never the secret or the codes (they are only ever shown once).
  const twoFactor = await loadTwoFactor(db, id);
  return {
    exportedAt: deps.clock.now().toISOString(),
    account: account ?? null,
    profile: profile ?? null,
    teams,
    paymentPoints: points,
    tips: received.map((tip) => {
      const until = replyRequested.get(tip.id);
      return {
        ...tip,
        ...(shareByTip.has(tip.id) ? { yourShareCents: shareByTip.get(tip.id) } : {}),
        replyByEmail: until
          ? { requested: true, until: until.toISOString() }
          : { requested: false },
      };
    }),
    replies,
    payouts: transfers,
    deductions,
    sessions,
    twoFactor: twoFactor?.enabledAt
      ? {
          enabledAt: twoFactor.enabledAt.toISOString(),
          recoveryCodesRemaining: await countUnusedRecoveryCodes(db, id),
        }
      : null,
    auditLog: actions,
    agreements,
  };
}

/**
 * Deletes an employee's account on their own request (Art. 17 GDPR): the profile and sign-in
 * identity are anonymised, sessions and links end, their payment points stop working, pictures
 * and the guests' messages to them are removed. Tips and team shares stay for the business's
 * accounting, now without a name. One transaction, with its audit row.
 */
export async function deleteOwnAccount(deps: PrivacyDeps, actor: Actor, request: FastifyRequest) {
  if (!canDeleteOwnAccount(actor)) throw new AppError(PRIVACY_ERRORS.privacy_owner_cannot_delete);
  const id = actor.userId;
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await anonymisePerson(tx, id, now);
    await writeAudit(tx, {
      actor,
      action: 'user_delete',
      targetType: 'user',
      targetId: id,
      payload: { reason: 'own_request' },
      request,
      businessId: actor.businessId,
    });
  });
  // Open live streams of the person close on every instance (as on deactivation); if the notice
  // fails, the sessions are gone already and streams notice at their next heartbeat.
  await deps.database
    .notify(ACCOUNT_EVENTS_CHANNEL, JSON.stringify({ userId: id }))
    .catch(() => undefined);
}
