import type { FastifyRequest } from 'fastify';
import type { QrCard } from '../../../shared/api/employee';
import {
  QR_ADMIN_ERRORS,
  type QrGeneratorInput,
  type QrGeneratorResult,
} from '../../../shared/api/qr-admin';
import { auditPersonName } from '../../../shared/domain/audit-events';
import { ERRORS } from '../../../shared/domain/errors';
import type { Database, Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/write';
import { requireSharedPointRoom } from '../plans/service';
import type { Actor } from '../auth/actor';
import { findQrCard, insertPersonalPaymentPoint, shortSuffix, slugify, tipLink } from './qr-card';
import {
  findObjectPointByLabel,
  findPersonFacts,
  insertPaymentPointUnlessUidTaken,
} from './queries/qr';
import { isStaffOfBusiness, mayManageQrCodes } from './qr-policy';
import { announcePointCreatedById } from './announce';

/** What the admin QR feature needs from the app. */
export interface QrToolsContext {
  database: Database;
  clock: Clock;
  publicOrigin: string;
}

export interface QrToolsScope {
  businessId: string;
  actor: Actor;
  request: FastifyRequest;
}

function ensureAllowed(scope: QrToolsScope): void {
  if (!mayManageQrCodes(scope.actor, scope.businessId)) throw new AppError(ERRORS.forbidden);
}

async function ensureStaff(executor: Executor, employeeId: string, businessId: string) {
  const person = await findPersonFacts(executor, employeeId);
  if (!isStaffOfBusiness(person, businessId))
    throw new AppError(QR_ADMIN_ERRORS.employee_not_found);
  return person!;
}

/** QR overview: the active QR of one person of this business, as their own QR card shows it. */
export async function staffQrCard(
  context: QrToolsContext,
  scope: QrToolsScope,
  employeeId: string,
): Promise<QrCard> {
  ensureAllowed(scope);
  await ensureStaff(context.database.db, employeeId, scope.businessId);
  return findQrCard(context.database.db, employeeId, context.publicOrigin);
}

async function createStaffQrIn(
  tx: Executor,
  context: QrToolsContext,
  scope: QrToolsScope,
  employeeId: string,
  person: { fullName: string | null; email: string },
) {
  const created = await insertPersonalPaymentPoint(tx, {
    employeeId,
    createdBy: scope.actor.userId,
    now: context.clock.now(),
    origin: context.publicOrigin,
  });
  await writeAudit(tx, {
    actor: { ...scope.actor, businessId: scope.businessId },
    action: 'qr_code_create',
    targetType: 'entrypoint',
    targetId: created.paymentPointId,
    payload: {
      employeeId,
      personName: auditPersonName(person),
      uid: created.card.source === 'none' ? null : created.card.uid,
      via: 'admin',
    },
    request: scope.request,
  });
  return created.card;
}

/**
 * 'QR-Code erstellen' for a person of this business: the same service the person's own button
 * uses, with the `qr_code_create` audit row in the same transaction.
 */
export async function createStaffQrCode(
  context: QrToolsContext,
  scope: QrToolsScope,
  employeeId: string,
): Promise<QrCard> {
  ensureAllowed(scope);
  return context.database.db.transaction(async (tx) => {
    const person = await ensureStaff(tx, employeeId, scope.businessId);
    const existing = await findQrCard(tx, employeeId, context.publicOrigin);
    if (existing.source === 'entrypoint') throw new AppError(QR_ADMIN_ERRORS.qr_code_exists);
    return createStaffQrIn(tx, context, scope, employeeId, person);
  });
}

async function createObjectPoint(
  tx: Executor,
  context: QrToolsContext,
  scope: QrToolsScope,
  input: { type: 'generic' | 'object'; designation: string },
): Promise<string> {
  const now = context.clock.now();
  await requireSharedPointRoom(tx, context.clock, scope.businessId);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const uid = `${slugify(input.designation)}-${shortSuffix()}`;
    const id = await insertPaymentPointUnlessUidTaken(tx, {
      businessId: scope.businessId,
      uid,
      type: 'object',
      label: input.designation,
      targetId: scope.businessId,
      targetType: 'tenant',
      metadata: {
        name: input.designation,
        created_by: scope.actor.userId,
        qr_type: input.type,
      },
      createdBy: scope.actor.userId,
      now,
    });
    if (id) {
      await announcePointCreatedById(tx, scope.businessId, id, now);
      await writeAudit(tx, {
        actor: { ...scope.actor, businessId: scope.businessId },
        action: 'entrypoint_create',
        targetType: 'entrypoint',
        targetId: id,
        payload: { uid, type: 'object', label: input.designation, via: 'qr_generator' },
        request: scope.request,
      });
      return uid;
    }
  }
  throw new AppError(ERRORS.internal);
}

/**
 * The QR generator's preview: the tip link a printed code carries, always a real payment point
 * of this business so scanning it works (docs/decisions/0111-qr-generator-link-targets.md).
 * Generic and object codes find the active business-pool point with this designation or make
 * one; a personal code is the employee's own active code, made if missing.
 */
export async function generateQrCode(
  context: QrToolsContext,
  scope: QrToolsScope,
  input: QrGeneratorInput & { employeeId?: string | undefined },
): Promise<QrGeneratorResult> {
  ensureAllowed(scope);
  const designation = input.designation.trim();
  return context.database.db.transaction(async (tx) => {
    if (input.type === 'personal') {
      const person = await ensureStaff(tx, input.employeeId!, scope.businessId);
      const existing = await findQrCard(tx, input.employeeId!, context.publicOrigin);
      const usable = existing.source !== 'none';
      const card = usable
        ? existing
        : await createStaffQrIn(tx, context, scope, input.employeeId!, person);
      if (card.source === 'none') throw new AppError(ERRORS.internal);
      return { type: input.type, designation, uid: card.uid, link: card.link, created: !usable };
    }
    const found = await findObjectPointByLabel(tx, scope.businessId, designation);
    const uid =
      found?.uid ??
      (await createObjectPoint(tx, context, scope, { type: input.type, designation }));
    return {
      type: input.type,
      designation,
      uid,
      link: tipLink(context.publicOrigin, uid),
      created: !found,
    };
  });
}
