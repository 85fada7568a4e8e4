import { employeeErrors, type QrCard } from '../../../shared/api/employee';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import {
  findActiveLegacyQrCode,
  findPersonFacts,
  insertPaymentPointUnlessUidTaken,
  listActivePersonPoints,
} from './queries/qr';
import { randomSuffix, slugify as slugifyText } from './uid';
import { announcePointCreatedById } from './announce';

export function tipLink(origin: string, uid: string): string {
  return `${origin}/t/${encodeURIComponent(uid)}`;
}

/**
 * The QR card of one person (source order: an active payment point of this product, else an
 * active legacy QR code), through any executor, so an admin can read it inside the transaction
 * that creates it. Of several active personal points the primary one is the card (the owner's
 * mark, else the first created; decision 0355); the others are listed under it.
 */
export async function findQrCard(
  executor: Executor,
  employeeId: string,
  origin: string,
): Promise<QrCard> {
  const [point, ...others] = await listActivePersonPoints(executor, employeeId);
  if (point) {
    return {
      source: 'entrypoint',
      uid: point.uid,
      label: point.label,
      link: tipLink(origin, point.uid),
      appleWalletUrl: point.outputAssets.apple_wallet_url ?? null,
      others: others.map((other) => ({
        uid: other.uid,
        label: other.label,
        link: tipLink(origin, other.uid),
      })),
    };
  }
  const legacy = await findActiveLegacyQrCode(executor, employeeId);
  if (legacy) return { source: 'legacy', uid: legacy.code, link: tipLink(origin, legacy.code) };
  return { source: 'none', exampleLink: tipLink(origin, 'aio-anna-schneider-4k7p') };
}

/** Readable slugs and unguessable suffixes come from one place (uid.ts). */
export function slugify(text: string): string {
  return slugifyText(text, 'mitarbeiter');
}

/** The random part of a uid: 10 characters, about 49 bits (decision 0102). */
export function shortSuffix(): string {
  return randomSuffix();
}

/**
 * The one way a personal payment point is made, for the employee and for an admin: through any
 * executor, so an admin's audit row can share the transaction. Refuses a second one while one is
 * active. Answers the new card and the point's id.
 */
export async function insertPersonalPaymentPoint(
  executor: Executor,
  options: { employeeId: string; createdBy: string; now: Date; origin: string },
): Promise<{ card: QrCard; paymentPointId: string }> {
  const existing = await findQrCard(executor, options.employeeId, options.origin);
  if (existing.source === 'entrypoint') throw new AppError(employeeErrors.qr_already_exists);
  const profile = await findPersonFacts(executor, options.employeeId);
  if (!profile?.businessId) throw new AppError(employeeErrors.no_business);

  for (let attempt = 0; attempt < 5; attempt += 1) {
    const uid = `${slugify(profile.fullName ?? '')}-${shortSuffix()}`;
    const id = await insertPaymentPointUnlessUidTaken(executor, {
      businessId: profile.businessId,
      uid,
      type: 'person',
      label: profile.fullName,
      targetId: options.employeeId,
      targetType: 'user',
      metadata: {
        name: profile.fullName ?? undefined,
        description: profile.jobTitle ?? undefined,
        created_by: options.createdBy,
      },
      createdBy: options.createdBy,
      now: options.now,
    });
    if (id) {
      await announcePointCreatedById(executor, profile.businessId, id, options.now);
      return {
        card: await findQrCard(executor, options.employeeId, options.origin),
        paymentPointId: id,
      };
    }
  }
  throw new AppError(employeeErrors.qr_load_failed);
}
