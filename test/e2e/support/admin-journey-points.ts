import type { Executor } from '../../../src/server/db/connect';
import { type EntrypointMetadata, paymentEntrypoints } from '../../../src/server/db/schema';
import { generateUid } from '../../../src/server/features/payment-points/uid';
import type { EntrypointType } from '../../../src/shared/domain/tips';
import type { FactoryBusiness, FactoryPoint } from '../../support/factories';

/**
 * One more payment point of a factory business, with the label a journey reads on screen
 * ('Tisch 7', 'Hotelbar Tresen', a person's own point). `createBusiness` names object points
 * 'Tisch 1', 'Tisch 2' … and gives every employee a point in turn; admin journeys need points
 * by name and for one particular person or team.
 *
 *   const bar = await addPoint(db, hotel, { type: 'object', label: 'Hotelbar Tresen' });
 *   const davids = await addPoint(db, hotel, { type: 'person', target: david });
 *
 * Points are inserted one statement each, so they keep the order they are made in (the guest's
 * "first object point of the business" is the oldest one).
 */
export async function addPoint(
  db: Executor,
  business: FactoryBusiness,
  point:
    | { type: 'object'; label: string; metadata?: EntrypointMetadata }
    | {
        type: 'person' | 'team';
        /** The employee or team the point pays; its name is the label unless one is given. */
        target: { id: string; fullName?: string; name?: string };
        label?: string;
        metadata?: EntrypointMetadata;
      },
): Promise<FactoryPoint> {
  const type: EntrypointType = point.type;
  const label =
    point.type === 'object'
      ? point.label
      : (point.label ?? point.target.fullName ?? point.target.name ?? 'Bezahlpunkt');
  const targetId = point.type === 'object' ? business.id : point.target.id;
  const targetType = point.type === 'object' ? 'tenant' : point.type === 'team' ? 'team' : 'user';
  const uid = generateUid(label);
  const [row] = await db
    .insert(paymentEntrypoints)
    .values({
      businessId: business.id,
      uid,
      type,
      label,
      targetId,
      targetType,
      origin: 'trinkgeld',
      metadata: { name: label, ...point.metadata },
      createdBy: business.owner.id,
    })
    .returning({ id: paymentEntrypoints.id });
  return { id: row!.id, uid, type, label, targetId };
}
