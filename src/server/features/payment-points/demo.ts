import {
  type DemoGenerationResult,
  PAYMENT_POINT_ERRORS,
} from '../../../shared/api/payment-points';
import { DEMO_ENTRYPOINT_COUNT, PRODUCT_ENTRYPOINT_ORIGIN } from '../../../shared/domain/constants';
import type { EntrypointTargetType, EntrypointType } from '../../../shared/domain/tips';
import type { Tx } from '../../db/connect';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import type { PointsCall, PointsContext } from './context';
import { mayGenerateDemoData } from './policy';
import { presentPoint } from './presenter';
import {
  deleteDemoPoints,
  insertPoint,
  insertTeamWithMembers,
  listActiveTeams,
  listNamedEmployees,
} from './queries/demo';
import { type EntrypointMetadata, findPointsByIds } from './queries/points';
import { generateUid } from './uid';

/** The ten demo rows of spec §9: 4 person, 3 object/table, 3 team, with department and shift. */
const PERSON_ROWS = [
  { department: 'Service', shift: 'Frühschicht', speciality: 'Frühstücksservice' },
  { department: 'Rezeption', shift: 'Tagschicht', speciality: 'Ausflugstipps' },
  { department: 'Bar', shift: 'Spätschicht', speciality: 'Signature-Cocktails' },
  { department: 'Restaurant', shift: 'Abendschicht', speciality: 'Weinbegleitung' },
] as const;
const OBJECT_ROWS = [
  { label: 'Tisch 1', department: 'Restaurant', shift: 'Ganztägig', location: 'Fensterplatz' },
  { label: 'Tisch 2', department: 'Restaurant', shift: 'Ganztägig', location: 'Terrasse' },
  { label: 'Bar-Tresen', department: 'Bar', shift: 'Abendschicht', location: 'Lobby' },
] as const;
const TEAM_ROWS = [
  { department: 'Service', shift: 'Ganztägig' },
  { department: 'Küche', shift: 'Frühschicht' },
  { department: 'Empfang', shift: 'Rund um die Uhr' },
] as const;
const FALLBACK_TEAM_NAME = 'Alle Mitarbeitenden';

interface DemoRow {
  type: EntrypointType;
  label: string;
  targetType: EntrypointTargetType;
  targetId: string;
  metadata: EntrypointMetadata;
}

/** The business's employees with a name, and its active teams (one is made when none exists). */
async function demoTargets(tx: Tx, businessId: string, now: Date) {
  const people = await listNamedEmployees(tx, businessId);
  if (people.length === 0) throw new AppError(PAYMENT_POINT_ERRORS.demo_needs_staff);

  let teamRows = await listActiveTeams(tx, businessId);
  if (teamRows.length === 0) {
    const team = await insertTeamWithMembers(tx, {
      businessId,
      name: FALLBACK_TEAM_NAME,
      memberIds: people.map((person) => person.id),
      now,
    });
    teamRows = [team];
  }
  return { people, teams: teamRows };
}

function demoRows(
  businessId: string,
  targets: Awaited<ReturnType<typeof demoTargets>>,
  createdBy: string,
): DemoRow[] {
  const rows: DemoRow[] = [];
  PERSON_ROWS.slice(0, DEMO_ENTRYPOINT_COUNT.person).forEach((extra, index) => {
    const person = targets.people[index % targets.people.length]!;
    const name = person.fullName!.trim();
    rows.push({
      type: 'person',
      label: name,
      targetType: 'user',
      targetId: person.id,
      metadata: {
        name,
        description: person.jobTitle ?? 'Demo-Bezahlpunkt',
        created_by: createdBy,
        demo: true,
        ...extra,
      },
    });
  });
  OBJECT_ROWS.slice(0, DEMO_ENTRYPOINT_COUNT.object).forEach((object) => {
    rows.push({
      type: 'object',
      label: object.label,
      targetType: 'tenant',
      targetId: businessId,
      metadata: {
        name: object.label,
        description: `${object.label} · ${object.location}`,
        created_by: createdBy,
        demo: true,
        department: object.department,
        shift: object.shift,
        location: object.location,
      },
    });
  });
  TEAM_ROWS.slice(0, DEMO_ENTRYPOINT_COUNT.team).forEach((extra, index) => {
    const team = targets.teams[index % targets.teams.length]!;
    const label = `${team.name} · ${extra.department}`;
    rows.push({
      type: 'team',
      label,
      targetType: 'team',
      targetId: team.id,
      metadata: {
        name: label,
        description: `Team ${team.name}`,
        created_by: createdBy,
        demo: true,
        ...extra,
      },
    });
  });
  return rows;
}

/**
 * Spec §7 demo generation, for one business: deletes its demo points (this product's origin,
 * uid "aio-…") and creates the ten demo rows, in one transaction with its audit row. Demo
 * points are not registered with the AiO service, which should hold real tags only.
 */
export async function generateDemoPoints(
  context: PointsContext,
  call: PointsCall,
): Promise<DemoGenerationResult> {
  if (!mayGenerateDemoData(call.actor)) throw new AppError(PAYMENT_POINT_ERRORS.demo_admin_only);
  const now = context.clock.now();
  const { ids, deleted } = await context.db.transaction(async (tx) => {
    const targets = await demoTargets(tx, call.businessId, now);
    const deletedCount = await deleteDemoPoints(tx, call.businessId);

    const created: string[] = [];
    for (const row of demoRows(call.businessId, targets, call.actor.userId)) {
      const id = await insertPoint(tx, {
        businessId: call.businessId,
        uid: generateUid(row.label, { demo: true }),
        type: row.type,
        label: row.label,
        targetType: row.targetType,
        targetId: row.targetId,
        origin: PRODUCT_ENTRYPOINT_ORIGIN,
        metadata: row.metadata,
        createdBy: call.actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      created.push(id);
    }
    await writeAudit(tx, {
      actor: call.actor,
      businessId: call.businessId,
      action: 'demo_data_generate',
      targetType: 'business',
      targetId: call.businessId,
      payload: { deleted: deletedCount, created: created.length },
      ...(call.request ? { request: call.request } : {}),
      at: now,
    });
    return { ids: created, deleted: deletedCount };
  });
  const points = await findPointsByIds(context.db, call.businessId, ids);
  return {
    deleted,
    created: ids.length,
    items: points.map((point) => presentPoint(point, context.origin)),
  };
}
