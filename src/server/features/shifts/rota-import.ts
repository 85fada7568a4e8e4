import {
  ROTA_ERRORS,
  type RotaImportBody,
  type RotaImportResult,
  type RotaMapping,
  rotaMappingSchema,
  type RotaPreview,
  type RotaPreviewLine,
} from '../../../shared/api/rota-import';
import {
  addDays,
  dayInZone,
  minuteToTime,
  SHIFT_DAYS_AHEAD,
  type ShiftTargetKind,
  zonedInstant,
} from '../../../shared/domain/shifts';
import type { Executor } from '../../db/connect';
import { AppError } from '../../http/errors';
import { writeAudit } from '../audit/write';
import {
  insertAssignments,
  listActiveStaff,
  listActiveTeams,
  listObjectPoints,
  lockActivePoint,
  lockActiveTeam,
} from './queries';
import {
  guessMapping,
  mappingFits,
  readRotaLine,
  readRotaTable,
  RotaFileError,
  type RotaLineFields,
  type RotaLineProblem,
  type RotaTable,
} from './rota-csv';
import { findRotaMapping, listPeopleAssignments, saveRotaMapping } from './queries/rota';
import type { ShiftContext, ShiftScope } from './service';

interface Target {
  kind: ShiftTargetKind;
  id: string;
  name: string;
}

interface AnalysedLine {
  fields: RotaLineFields;
  profileId: string | null;
  personName: string | null;
  target: Target | null;
  startsAt: Date | null;
  endsAt: Date | null;
  problems: string[];
  unchanged: boolean;
}

const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

function fieldProblem(problem: RotaLineProblem): string {
  switch (problem.code) {
    case 'person_missing':
      return 'Person: Die Zeile nennt keine E-Mail-Adresse oder Mitarbeiter-ID.';
    case 'day_invalid':
      return `Datum: „${problem.value}“ ist kein Datum (TT.MM.JJJJ oder JJJJ-MM-TT).`;
    case 'start_invalid':
      return `Beginn: „${problem.value}“ ist keine Uhrzeit (HH:MM).`;
    case 'end_invalid':
      return `Ende: „${problem.value}“ ist keine Uhrzeit (HH:MM).`;
    case 'end_before_start':
      return 'Ende vor Beginn: Das Ende liegt vor dem Beginn (über Mitternacht höchstens 16 Stunden, etwa 18:00–02:00).';
  }
}

function fileError(error: unknown): never {
  if (error instanceof RotaFileError) {
    throw new AppError(ROTA_ERRORS[`rota_file_${error.problem}`]);
  }
  throw error;
}

function tableOf(file: string): RotaTable {
  try {
    return readRotaTable(new Uint8Array(Buffer.from(file, 'base64')));
  } catch (error) {
    fileError(error);
  }
}

/** The mapping to use: the one sent, else the business's last one, else a guess; complete or null. */
async function mappingFor(db: Executor, scope: ShiftScope, table: RotaTable, sent?: RotaMapping) {
  if (sent) {
    if (!mappingFits(sent, table.headers)) throw new AppError(ROTA_ERRORS.rota_mapping_missing);
    return { mapping: sent, suggested: sent };
  }
  const stored = rotaMappingSchema.safeParse(await findRotaMapping(db, scope.businessId));
  if (stored.success && mappingFits(stored.data, table.headers)) {
    return { mapping: stored.data, suggested: stored.data };
  }
  const guess = guessMapping(table.headers);
  const complete = rotaMappingSchema.safeParse({ target: null, ...guess });
  return {
    mapping: complete.success && mappingFits(complete.data, table.headers) ? complete.data : null,
    suggested: guess,
  };
}

const overlaps = (
  a: { startsAt: Date; endsAt: Date },
  b: { startsAt: Date; endsAt: Date },
): boolean => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * Every line of the file with its person, target, instants and problems (decision 0670): unknown
 * person or target, invalid day or time, end before start, a day outside today … today + 14 (the
 * plan's window), an overlap with another line or with an existing shift of the same person at
 * the same point or team. A line equal to an existing shift (person, target, start, end) is
 * 'unchanged', so importing a file twice changes nothing.
 */
async function analyse(
  db: Executor,
  scope: ShiftScope,
  context: ShiftContext,
  table: RotaTable,
  mapping: RotaMapping,
  defaultTarget: RotaImportBody['defaultTarget'],
) {
  const today = dayInZone(context.clock.now());
  const lastDay = addDays(today, SHIFT_DAYS_AHEAD);
  // One after the other: inside the import's transaction they share one connection.
  const people = await listActiveStaff(db, scope.businessId);
  const points = await listObjectPoints(db, scope.businessId);
  const teamRows = await listActiveTeams(db, scope.businessId);
  const personByKey = new Map<string, { id: string; name: string }>();
  for (const person of people) {
    const entry = { id: person.id, name: person.fullName?.trim() || person.email };
    personByKey.set(person.email.toLowerCase(), entry);
    personByKey.set(person.id.toLowerCase(), entry);
  }
  const targets: (Target & { uid: string | null })[] = [
    ...points.map((p) => ({
      kind: 'point' as const,
      id: p.id,
      name: p.label ?? p.uid,
      uid: p.uid,
    })),
    ...teamRows.map((t) => ({ kind: 'team' as const, id: t.id, name: t.name, uid: null })),
  ];
  const targetsNamed = (text: string) => {
    const key = text.toLowerCase();
    return targets.filter((t) => t.name.toLowerCase() === key || t.uid?.toLowerCase() === key);
  };
  let fallback: Target | null = null;
  if (defaultTarget) {
    const found = targets.find((t) => t.kind === defaultTarget.kind && t.id === defaultTarget.id);
    if (!found) throw new AppError(ROTA_ERRORS.rota_target_not_found);
    fallback = { kind: found.kind, id: found.id, name: found.name };
  }

  const lines: AnalysedLine[] = table.rows.map((row) => {
    const fields = readRotaLine(row, table.headers, mapping);
    const problems = fields.problems.map(fieldProblem);
    const person = fields.person ? personByKey.get(fields.person.toLowerCase()) : undefined;
    if (fields.person && !person) {
      problems.push(
        `Unbekannte Person: „${fields.person}“ ist keine aktive Person dieses Betriebs.`,
      );
    }
    let target: Target | null = null;
    if (fields.target) {
      const named = targetsNamed(fields.target);
      if (named.length === 1)
        target = { kind: named[0]!.kind, id: named[0]!.id, name: named[0]!.name };
      else if (named.length > 1) {
        problems.push(`Ziel: „${fields.target}“ ist sowohl ein Team als auch ein Bezahlpunkt.`);
      } else {
        problems.push(
          `Ziel: Kein aktives Team und kein Objekt-Bezahlpunkt heißt „${fields.target}“.`,
        );
      }
    } else if (fallback) target = fallback;
    else {
      problems.push(
        'Ziel: Die Zeile nennt kein Team und keinen Bezahlpunkt, und es ist kein Ziel gewählt.',
      );
    }
    if (fields.day && (fields.day < today || fields.day > lastDay)) {
      problems.push(
        `Datum: Der ${germanDate(fields.day)} liegt außerhalb des erlaubten Zeitraums (${germanDate(today)} bis ${germanDate(lastDay)}).`,
      );
    }
    const timed = fields.day && fields.minutes;
    return {
      fields,
      profileId: person?.id ?? null,
      personName: person?.name ?? null,
      target,
      startsAt: timed ? zonedInstant(fields.day!, fields.minutes!.start) : null,
      endsAt: timed ? zonedInstant(fields.day!, fields.minutes!.end) : null,
      problems,
      unchanged: false,
    };
  });

  const placed = lines.filter(
    (l): l is AnalysedLine & { profileId: string; target: Target; startsAt: Date; endsAt: Date } =>
      l.profileId !== null && l.target !== null && l.startsAt !== null && l.endsAt !== null,
  );
  const sameSlot = (a: AnalysedLine, b: { profileId: string; kind: string; id: string }) =>
    a.profileId === b.profileId && a.target?.kind === b.kind && a.target.id === b.id;

  // Lines of the file against each other.
  for (const [index, line] of placed.entries()) {
    for (const other of placed.slice(index + 1)) {
      if (
        sameSlot(line, { profileId: other.profileId, ...other.target }) &&
        overlaps(line, other)
      ) {
        line.problems.push(
          `Überschneidung: Die Schicht überschneidet sich mit Zeile ${other.fields.line}.`,
        );
        other.problems.push(
          `Überschneidung: Die Schicht überschneidet sich mit Zeile ${line.fields.line}.`,
        );
      }
    }
  }
  // Lines against the shifts already planned.
  const existing = await listPeopleAssignments(
    db,
    scope.businessId,
    [...new Set(placed.map((l) => l.profileId))],
    addDays(today, -1),
    addDays(lastDay, 1),
  );
  for (const line of placed) {
    for (const shift of existing) {
      const kind = shift.entrypointId ? 'point' : 'team';
      const id = (shift.entrypointId ?? shift.teamId)!;
      if (!sameSlot(line, { profileId: shift.profileId, kind, id }) || !overlaps(line, shift))
        continue;
      if (
        shift.startsAt.getTime() === line.startsAt.getTime() &&
        shift.endsAt.getTime() === line.endsAt.getTime()
      ) {
        line.unchanged = true;
      } else {
        const wholeDay = shift.startMinute === 0 && shift.endMinute === 1440;
        const times = wholeDay
          ? 'ganztägig'
          : `${minuteToTime(shift.startMinute)}–${minuteToTime(shift.endMinute)}`;
        line.problems.push(
          `Überschneidung: Die Person ist hier schon eingeteilt (${times}, ${germanDate(dayInZone(shift.startsAt))}).`,
        );
      }
    }
  }
  return { lines, today, lastDay };
}

function presentLine(line: AnalysedLine): RotaPreviewLine {
  return {
    line: line.fields.line,
    state: line.problems.length > 0 ? 'problem' : line.unchanged ? 'unchanged' : 'new',
    personName: line.personName,
    person: line.fields.person,
    day: line.fields.day,
    startTime: line.fields.startTime,
    endTime: line.fields.endTime,
    overnight: (line.fields.minutes?.end ?? 0) > 1440,
    targetName: line.target?.name ?? null,
    problems: line.problems,
  };
}

function countsOf(lines: RotaPreviewLine[]) {
  return {
    new: lines.filter((l) => l.state === 'new').length,
    unchanged: lines.filter((l) => l.state === 'unchanged').length,
    problem: lines.filter((l) => l.state === 'problem').length,
  };
}

/** The preview: the file's columns, the mapping, and every line's result and problems. */
export async function previewRota(
  context: ShiftContext,
  scope: ShiftScope,
  body: RotaImportBody,
): Promise<RotaPreview> {
  const db = context.database.db;
  const table = tableOf(body.file);
  const { mapping, suggested } = await mappingFor(db, scope, table, body.mapping);
  const today = dayInZone(context.clock.now());
  const base = {
    encoding: table.encoding,
    separator: table.separator,
    columns: table.headers,
    mapping,
    suggested,
    firstDay: today,
    lastDay: addDays(today, SHIFT_DAYS_AHEAD),
  };
  if (!mapping) return { ...base, lines: [], counts: { new: 0, unchanged: 0, problem: 0 } };
  const { lines } = await analyse(db, scope, context, table, mapping, body.defaultTarget);
  const presented = lines.map(presentLine);
  return { ...base, lines: presented, counts: countsOf(presented) };
}

/**
 * Imports the valid lines (decision 0670: lines with a problem are skipped, the preview showed
 * them), remembers the mapping and writes one audit row, in one transaction that locks the points
 * and teams it plans. A line already planned is left as it is.
 */
export async function importRota(
  context: ShiftContext,
  scope: ShiftScope,
  body: RotaImportBody,
): Promise<RotaImportResult> {
  const table = tableOf(body.file);
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const { mapping } = await mappingFor(tx, scope, table, body.mapping);
    if (!mapping) throw new AppError(ROTA_ERRORS.rota_mapping_missing);
    const first = await analyse(tx, scope, context, table, mapping, body.defaultTarget);
    const used = new Map<string, Target>();
    for (const line of first.lines) if (line.target) used.set(line.target.id, line.target);
    for (const target of [...used.values()].sort((a, b) => a.id.localeCompare(b.id))) {
      if (target.kind === 'point') await lockActivePoint(tx, target.id);
      else await lockActiveTeam(tx, target.id);
    }
    // Once the places are locked, nobody else plans them: the analysis now holds.
    const { lines } = await analyse(tx, scope, context, table, mapping, body.defaultTarget);
    const fresh = lines.filter((l) => l.problems.length === 0 && !l.unchanged);
    if (fresh.length > 0) {
      await insertAssignments(
        tx,
        fresh.map((line) => ({
          businessId: scope.businessId,
          entrypointId: line.target!.kind === 'point' ? line.target!.id : null,
          teamId: line.target!.kind === 'team' ? line.target!.id : null,
          profileId: line.profileId!,
          day: line.fields.day!,
          startMinute: line.fields.minutes!.start,
          endMinute: line.fields.minutes!.end,
          startsAt: line.startsAt!,
          endsAt: line.endsAt!,
          createdBy: scope.actor.userId,
          createdAt: now,
        })),
      );
    }
    await saveRotaMapping(tx, scope.businessId, mapping, now);
    const result = {
      created: fresh.length,
      unchanged: lines.filter((l) => l.problems.length === 0 && l.unchanged).length,
      skipped: lines.filter((l) => l.problems.length > 0).length,
    };
    await writeAudit(tx, {
      actor: scope.actor,
      action: 'shift_import',
      targetType: 'shift',
      targetId: null,
      payload: { fileName: body.fileName ?? null, ...result },
      request: scope.request,
      businessId: scope.businessId,
      at: now,
    });
    return result;
  });
}
