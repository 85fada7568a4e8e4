import type { FastifyRequest } from 'fastify';
import type { SetupChecklist } from '../../../shared/api/setup-checklist';
import { ERRORS } from '../../../shared/domain/errors';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import type { BusinessScope } from '../businesses/scope';
import { mayManageSetup } from './policy';
import { presentSetupChecklist, testTipProviders } from './presenter';
import { dismissSetup, loadSetupFacts, recordQrExport } from './queries';

/** What the set-up checklist needs from the app. */
export interface SetupContext {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'paymentProvider'>;
}

function ensureAllowed(scope: BusinessScope): void {
  if (!mayManageSetup(scope.actor, scope.businessId)) throw new AppError(ERRORS.forbidden);
}

/** The checklist of the scope's business, ticked from its data (decision 0328). */
export async function getSetupChecklist(
  context: SetupContext,
  scope: BusinessScope,
): Promise<SetupChecklist> {
  ensureAllowed(scope);
  const provider = context.config.paymentProvider;
  const facts = await loadSetupFacts(
    context.database.db,
    scope.businessId,
    testTipProviders(provider),
  );
  return presentSetupChecklist(facts, provider);
}

/**
 * 'Ausblenden': hides the card for everyone of the business, with a `setup_checklist_dismiss`
 * audit row in the same transaction. Hiding it again changes and records nothing.
 */
export async function dismissSetupChecklist(
  context: SetupContext,
  scope: BusinessScope,
  request: FastifyRequest,
): Promise<SetupChecklist> {
  ensureAllowed(scope);
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const before = presentSetupChecklist(
      await loadSetupFacts(tx, scope.businessId, testTipProviders(context.config.paymentProvider)),
      context.config.paymentProvider,
    );
    if (!(await dismissSetup(tx, scope.businessId, scope.actor.userId, now))) return;
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'setup_checklist_dismiss',
      targetType: 'business',
      targetId: scope.businessId,
      payload: { progress: `${before.doneCount} von ${before.total}` },
      request,
      businessId: scope.businessId,
    });
  });
  return getSetupChecklist(context, scope);
}

/**
 * A QR code of the business was downloaded or printed (PNG and SVG are drawn in the browser,
 * which reports them; the PDF route records itself). Only the first time is kept. Not audited:
 * it changes nothing anyone sees but this checklist.
 */
export async function recordSetupQrExport(context: SetupContext, scope: BusinessScope) {
  ensureAllowed(scope);
  await recordQrExport(context.database.db, scope.businessId, context.clock.now());
}
