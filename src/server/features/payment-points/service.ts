import sharp from 'sharp';
import {
  type CreatePaymentPoint,
  PAYMENT_POINT_ERRORS,
  type PaymentPointDetails,
  type PaymentPointList,
  type UpdatePaymentPoint,
} from '../../../shared/api/payment-points';
import type { AuditEventOf, PaymentPointField } from '../../../shared/domain/audit-events';
import { mediaIdFromUrl } from '../../../shared/api/profiles';
import { BRANDING_FONTS, PRODUCT_ENTRYPOINT_ORIGIN } from '../../../shared/domain/constants';
import type { Executor, Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import { requireSharedPointRoom } from '../plans/service';
import { legacyCodesOf } from './queries/working';
import { isKeyActor, type PointsCall, type PointsChangeCall, type PointsContext } from './context';
import { isValidTarget, pointPagePermissions } from './policy';
import { presentLegacyCode, presentPoint, presentStats } from './presenter';
import { announcePointCreated } from './announce';
import type { PrintLook } from './pdf';
import {
  businessImage,
  deletePointRow,
  type EntrypointMetadata,
  findPoint,
  insertPointUnlessUidTaken,
  listPoints,
  markPrimaryPoint,
  type PointInsert,
  type PointWithTarget,
  pointStats,
  printBrandingRow,
  replacePointUid,
  targetFacts,
  uidTaken,
  updatePointRow,
} from './queries/points';
import { generateUid } from './uid';

const UID_ATTEMPTS = 5;

export async function listPointsOf(
  context: PointsContext,
  call: Pick<PointsCall, 'actor' | 'businessId'>,
): Promise<PaymentPointList> {
  const [rows, legacy] = await Promise.all([
    listPoints(context.db, call.businessId),
    legacyCodesOf(context.db, call.businessId),
  ]);
  // Legacy codes guests can still use are listed too, so the page shows every code the
  // dashboard counts (decision 0475); newest first across both.
  const items = [
    ...rows.map((row) => presentPoint(row, context.origin)),
    ...legacy.map((row) => presentLegacyCode(row, context.origin)),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    items,
    integrationConfigured: context.sync.configured,
    permissions: pointPagePermissions(call.actor),
  };
}

async function requirePoint(
  db: Executor,
  businessId: string,
  id: string,
): Promise<PointWithTarget> {
  const point = await findPoint(db, businessId, id);
  if (!point) throw new AppError(PAYMENT_POINT_ERRORS.entrypoint_not_found);
  return point;
}

export async function pointDetails(
  context: PointsContext,
  businessId: string,
  id: string,
): Promise<PaymentPointDetails> {
  const point = await requirePoint(context.db, businessId, id);
  return {
    point: presentPoint(point, context.origin),
    stats: presentStats(await pointStats(context.db, point.id)),
  };
}

/** The point as the print sheet needs it (404 outside the business). */
export async function pointForPrint(context: PointsContext, businessId: string, id: string) {
  return presentPoint(await requirePoint(context.db, businessId, id), context.origin);
}

/**
 * The business's look for the print sheet: name, colours, font and logo. The logo is an upload of
 * this business; pdfkit embeds PNG and JPEG, so the logo goes in as PNG (WebP uploads too).
 */
export async function printLook(context: PointsContext, businessId: string): Promise<PrintLook> {
  const row = await printBrandingRow(context.db, businessId);
  const font = BRANDING_FONTS.find((f) => f.toString() === row?.fontFamily) ?? 'Fira Sans';
  const look: PrintLook = {
    businessName: row?.name ?? '',
    primaryColor: row?.primaryColor ?? null,
    accentColor: row?.accentColor ?? null,
    font,
    logo: null,
  };
  const mediaId = row?.logoUrl ? mediaIdFromUrl(row.logoUrl) : null;
  const image = mediaId ? await businessImage(context.db, businessId, mediaId) : undefined;
  if (image) {
    const { data, info } = await sharp(image.data).png().toBuffer({ resolveWithObject: true });
    look.logo = { data, width: info.width, height: info.height };
  }
  return look;
}

type PointEvent = AuditEventOf<
  | 'entrypoint_create'
  | 'entrypoint_update'
  | 'entrypoint_activate'
  | 'entrypoint_deactivate'
  | 'entrypoint_regenerate_uid'
  | 'entrypoint_delete'
  | 'entrypoint_primary'
>;

/** Who the audit row names: the person, or the API key (decision 0640). */
function auditActorOf(actor: PointsChangeCall['actor']) {
  return isKeyActor(actor)
    ? { profileId: '', businessId: actor.businessId, hasProfile: false, apiKeyId: actor.apiKeyId }
    : actor;
}

function audit(tx: Tx, call: PointsChangeCall, point: { id: string }, event: PointEvent, at: Date) {
  return writeAudit(tx, {
    actor: auditActorOf(call.actor),
    businessId: call.businessId,
    ...event,
    targetType: 'entrypoint',
    targetId: point.id,
    ...(call.request ? { request: call.request } : {}),
    at,
  });
}

/** Inserts under a fresh uid; a (very unlikely) taken uid is simply drawn again. */
async function insertWithUid(
  tx: Tx,
  values: Omit<PointInsert, 'uid'>,
  uid: { fixed?: string | undefined; label: string; demo?: boolean },
): Promise<string> {
  for (let attempt = 0; attempt < UID_ATTEMPTS; attempt += 1) {
    const candidate = uid.fixed ?? generateUid(uid.label, { demo: uid.demo ?? false });
    const id = await insertPointUnlessUidTaken(tx, { ...values, uid: candidate });
    if (id) return id;
    if (uid.fixed) throw new AppError(PAYMENT_POINT_ERRORS.uid_taken);
  }
  throw new AppError(PAYMENT_POINT_ERRORS.uid_taken);
}

async function assertTarget(
  tx: Executor,
  businessId: string,
  input: Pick<CreatePaymentPoint, 'targetType' | 'targetId'>,
) {
  const facts = await targetFacts(tx, input.targetType, input.targetId);
  if (!isValidTarget(facts, businessId)) throw new AppError(PAYMENT_POINT_ERRORS.target_not_found);
}

/** Only keys with a value: a cleared field disappears from the metadata. */
function compact(metadata: Record<string, unknown>): EntrypointMetadata {
  return Object.fromEntries(
    Object.entries(metadata).filter(([, value]) => value !== null && value !== undefined),
  );
}

export interface PointChangeOptions {
  /** Runs in the change's transaction with the point as changed (the API stores its idempotent answer). */
  within?: (tx: Tx, point: PointWithTarget) => Promise<void>;
}

/**
 * Creates a point for an employee, team or the business (spec §2 create dialog), with its
 * audit row in the same transaction; the AiO registration follows after the commit.
 */
export async function createPoint(
  context: PointsContext,
  call: PointsChangeCall,
  input: CreatePaymentPoint,
  options: PointChangeOptions = {},
) {
  const now = context.clock.now();
  const creator = isKeyActor(call.actor) ? null : call.actor.userId;
  const id = await context.db.transaction(async (tx) => {
    await assertTarget(tx, call.businessId, input);
    // A person's own point is always free; team and object points count against Basis's three.
    if (input.type !== 'person') await requireSharedPointRoom(tx, context.clock, call.businessId);
    const label = input.label ?? input.name;
    const newId = await insertWithUid(
      tx,
      {
        businessId: call.businessId,
        type: input.type,
        label,
        targetId: input.targetId,
        targetType: input.targetType,
        origin: PRODUCT_ENTRYPOINT_ORIGIN,
        metadata: compact({
          name: input.name,
          description: input.description,
          department: input.department,
          shift: input.shift,
          created_by: creator,
          created_by_api_key: isKeyActor(call.actor) ? call.actor.apiKeyId : null,
        }),
        createdBy: creator,
        createdAt: now,
        updatedAt: now,
      },
      { fixed: input.uid, label },
    );
    const created = await requirePoint(tx, call.businessId, newId);
    await audit(
      tx,
      call,
      created,
      {
        action: 'entrypoint_create',
        payload: {
          uid: created.uid,
          type: created.type,
          label: created.label,
          targetType: created.targetType,
          targetId: created.targetId,
          targetName: created.targetName,
        },
      },
      now,
    );
    // Announced to the business's webhook endpoints when this commits (decision 0650).
    await announcePointCreated(tx, created, now);
    await options.within?.(tx, created);
    return newId;
  });
  const point = await requirePoint(context.db, call.businessId, id);
  context.sync.schedule(point);
  return presentPoint(point, context.origin);
}

export async function updatePoint(
  context: PointsContext,
  call: PointsCall,
  id: string,
  changes: UpdatePaymentPoint,
) {
  const now = context.clock.now();
  const point = await context.db.transaction(async (tx) => {
    const current = await requirePoint(tx, call.businessId, id);
    const metadata = compact({
      ...current.metadata,
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.department !== undefined ? { department: changes.department } : {}),
      ...(changes.shift !== undefined ? { shift: changes.shift } : {}),
    });
    const label =
      changes.label !== undefined
        ? (changes.label ?? metadata.name ?? current.label)
        : current.label;
    await updatePointRow(tx, current.id, { label, metadata, updatedAt: now });
    await audit(
      tx,
      call,
      current,
      {
        action: 'entrypoint_update',
        payload: { uid: current.uid, label, fields: pointFields(changes) },
      },
      now,
    );
    return requirePoint(tx, call.businessId, id);
  });
  return presentPoint(point, context.origin);
}

/** Activate or deactivate; a deactivated point sends guests to /qr-error at once. */
export async function setPointActive(
  context: PointsContext,
  call: PointsChangeCall,
  id: string,
  active: boolean,
  options: PointChangeOptions = {},
) {
  const now = context.clock.now();
  const point = await context.db.transaction(async (tx) => {
    const current = await requirePoint(tx, call.businessId, id);
    await updatePointRow(tx, current.id, { active, updatedAt: now });
    const facts = { uid: current.uid, label: current.label, from: current.active };
    await audit(
      tx,
      call,
      current,
      active
        ? { action: 'entrypoint_activate', payload: { ...facts, to: true } }
        : { action: 'entrypoint_deactivate', payload: { ...facts, to: false } },
      now,
    );
    const changed = await requirePoint(tx, call.businessId, id);
    await options.within?.(tx, changed);
    return changed;
  });
  return presentPoint(point, context.origin);
}

/**
 * 'Als Haupt-QR-Code festlegen' (decision 0355): this active person point becomes the one the
 * person's 'Mein QR-Code' card and the QR overview show; their other points are listed under it.
 */
export async function setPointPrimary(context: PointsContext, call: PointsCall, id: string) {
  const now = context.clock.now();
  const point = await context.db.transaction(async (tx) => {
    const current = await requirePoint(tx, call.businessId, id);
    if (
      current.targetType !== 'user' ||
      !current.active ||
      current.origin !== PRODUCT_ENTRYPOINT_ORIGIN
    ) {
      throw new AppError(PAYMENT_POINT_ERRORS.primary_needs_person);
    }
    await markPrimaryPoint(tx, current, now);
    await audit(
      tx,
      call,
      current,
      {
        action: 'entrypoint_primary',
        payload: {
          uid: current.uid,
          label: current.label,
          targetId: current.targetId,
          targetName: current.targetName,
        },
      },
      now,
    );
    return requirePoint(tx, call.businessId, id);
  });
  return presentPoint(point, context.origin);
}

/**
 * A new uid for the same point (spec §4): the old uid stops working with the commit, the
 * integration assets are cleared and the point is registered again. Tips keep the point's id.
 */
export async function regeneratePointUid(context: PointsContext, call: PointsCall, id: string) {
  const now = context.clock.now();
  const point = await context.db.transaction(async (tx) => {
    const current = await requirePoint(tx, call.businessId, id);
    const label = current.label ?? current.metadata.name ?? current.uid;
    let newUid: string | undefined;
    for (let attempt = 0; attempt < UID_ATTEMPTS && !newUid; attempt += 1) {
      const candidate = generateUid(label, { demo: current.metadata.demo === true });
      if (!(await uidTaken(tx, candidate))) newUid = candidate;
    }
    if (!newUid) throw new AppError(PAYMENT_POINT_ERRORS.uid_taken);
    await replacePointUid(tx, current, newUid, now);
    await audit(
      tx,
      call,
      current,
      {
        action: 'entrypoint_regenerate_uid',
        payload: { label: current.label, oldUid: current.uid, newUid },
      },
      now,
    );
    return requirePoint(tx, call.businessId, id);
  });
  context.sync.schedule(point);
  return presentPoint(point, context.origin);
}

/** Deletes the point; its tips stay (they keep the uid they were paid through). */
export async function deletePoint(context: PointsContext, call: PointsCall, id: string) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const current = await requirePoint(tx, call.businessId, id);
    await deletePointRow(tx, current.id);
    await audit(
      tx,
      call,
      current,
      {
        action: 'entrypoint_delete',
        payload: { uid: current.uid, label: current.label, type: current.type },
      },
      now,
    );
  });
}

/** The fields an edit names (every one a field the audit log has words for). */
function pointFields(changes: UpdatePaymentPoint): PaymentPointField[] {
  return (Object.keys(changes) as (keyof UpdatePaymentPoint)[]).sort();
}
