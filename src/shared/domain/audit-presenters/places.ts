import type { AuditPayloads, PaymentPointField } from '../audit-events';
import { TEAM_SPLIT_RULE_LABELS, type TeamSplitRule } from '../team-split';
import type { AuditFacts, AuditReference, Presenters } from './facts';
import {
  counted,
  fieldNames,
  germanDay,
  isRecord,
  quoted,
  reference,
  shiftWhen,
  textOf,
} from './words';

const POINT_FIELDS: Record<PaymentPointField, string> = {
  name: 'Name',
  label: 'Bezeichnung',
  description: 'Beschreibung',
  department: 'Abteilung',
  shift: 'Schicht',
};

type PointFacts = AuditFacts<
  | AuditPayloads['entrypoint_create']
  | AuditPayloads['entrypoint_update']
  | AuditPayloads['entrypoint_activate']
  | AuditPayloads['entrypoint_deactivate']
  | AuditPayloads['entrypoint_regenerate_uid']
  | AuditPayloads['entrypoint_delete']
  | AuditPayloads['entrypoint_primary']
  | AuditPayloads['entrypoint_sync']
>;

/** "Bezahlpunkt „Tisch 7“", "Bezahlpunkt tisch-7-k7p2" or "Bezahlpunkt". */
function pointName(facts: PointFacts, uidKey: 'uid' | 'newUid' = 'uid'): string {
  const label = facts.text('label');
  if (label) return `Bezahlpunkt ${quoted(label)}`;
  const uid = facts.text(uidKey);
  return uid ? `Bezahlpunkt ${uid}` : 'Bezahlpunkt';
}

/** " (UID tisch-7-k7p2)" when the label names the point; the uid says it otherwise. */
function uidNote(facts: PointFacts): string {
  const uid = facts.text('uid');
  return uid && facts.text('label') ? ` (UID ${uid})` : '';
}

type ShiftFacts = AuditFacts<AuditPayloads['shift_assign']>;

function shiftFacts(f: ShiftFacts) {
  const person = f.text('personName');
  const name = f.text('targetName');
  const team = f.text('targetKind') === 'team';
  const where = team
    ? name
      ? `im Team ${quoted(name)}`
      : 'in einem Team'
    : name
      ? `an ${quoted(name)}`
      : 'an einem Bezahlpunkt';
  const when = shiftWhen(f.value('day'), f.value('startTime'), f.value('endTime'));
  return { person, when, where };
}

function shiftReferences(f: ShiftFacts): (AuditReference | null)[] {
  return [
    reference(f.text('targetKind') === 'team' ? 'Team' : 'Bezahlpunkt', f.value('targetId')),
    reference('Person', f.value('profileId')),
  ];
}

/** Where tips are given: QR codes, payment points, teams and shifts. */
export const placePresenters: Presenters<
  | 'qr_code_create'
  | 'qr_code_disable'
  | 'entrypoint_create'
  | 'entrypoint_update'
  | 'entrypoint_activate'
  | 'entrypoint_deactivate'
  | 'entrypoint_regenerate_uid'
  | 'entrypoint_delete'
  | 'entrypoint_primary'
  | 'entrypoint_sync'
  | 'team_create'
  | 'team_update'
  | 'team_delete'
  | 'shift_assign'
  | 'shift_unassign'
  | 'shift_copy_week'
  | 'shift_import'
> = {
  qr_code_create: (f) => {
    const person = f.text('personName');
    const uid = f.text('uid');
    return {
      sentence: `Persönlicher QR-Code${person ? ` für ${person}` : ''} erstellt${uid ? ` (UID ${uid})` : ''}.`,
      target: person,
      references: [reference('Person', f.value('employeeId'))],
    };
  },
  qr_code_disable: (f) => {
    const person = f.text('personName');
    const uid = f.text('uid');
    return {
      sentence: `QR-Code${person ? ` von ${person}` : ''} deaktiviert${uid ? ` (UID ${uid})` : ''}.`,
      target: person,
    };
  },
  entrypoint_create: (f) => {
    const label = f.text('label');
    const uid = f.text('uid');
    const owner = f.text('targetName');
    const targetType = f.text('targetType');
    const name = label ? `Bezahlpunkt ${quoted(label)}` : 'Bezahlpunkt';
    const where = f.text('via') === 'qr_generator' ? ' im QR-Generator' : '';
    const forWhom = owner && targetType !== 'tenant' ? ` für ${owner}` : '';
    const owned = targetType === 'team' ? 'Team' : targetType === 'user' ? 'Person' : 'Betrieb';
    return {
      sentence: `${name}${forWhom}${where} erstellt${uid ? ` (UID ${uid})` : ''}.`,
      target: pointName(f),
      references: [reference(owned, f.value('targetId'))],
    };
  },
  entrypoint_update: (f) => {
    const names = fieldNames(f.list('fields'), POINT_FIELDS);
    return {
      sentence: `${pointName(f)}${uidNote(f)} geändert${names.length ? `: ${names.join(', ')}` : ''}.`,
      target: pointName(f),
    };
  },
  entrypoint_activate: (f) => ({
    sentence: `${pointName(f)}${uidNote(f)} aktiviert; Gäste können dort wieder Trinkgeld geben.`,
    target: pointName(f),
  }),
  entrypoint_deactivate: (f) => ({
    sentence: `${pointName(f)}${uidNote(f)} deaktiviert; Gäste sehen dort einen Hinweis statt der Trinkgeldseite.`,
    target: pointName(f),
  }),
  entrypoint_regenerate_uid: (f) => {
    const point = pointName(f, 'newUid');
    const fresh = f.text('newUid');
    const old = f.text('oldUid');
    if (!fresh) return { sentence: `Neue UID für ${point} erzeugt.`, target: point };
    return {
      sentence: `Neue UID ${fresh} für ${point}${old ? `; die alte UID ${old} gilt nicht mehr` : ''}.`,
      target: point,
    };
  },
  entrypoint_delete: (f) => ({
    sentence: `${pointName(f)}${uidNote(f)} gelöscht; seine Trinkgelder bleiben erhalten.`,
    target: pointName(f),
  }),
  entrypoint_primary: (f) => {
    const person = f.text('targetName');
    return {
      sentence: `${pointName(f)}${uidNote(f)} ist jetzt der Haupt-QR-Code${person ? ` von ${person}` : ''}.`,
      target: pointName(f),
      references: [reference('Person', f.value('targetId'))],
    };
  },
  entrypoint_sync: (f) => {
    const action = f.text('action');
    const done =
      action === 'created' ? 'angelegt' : action === 'updated' ? 'aktualisiert' : 'synchronisiert';
    return {
      sentence: `${pointName(f)}${uidNote(f)} vom AiO-Dienst ${done}.`,
      target: pointName(f),
    };
  },
  team_create: (f) => {
    const name = f.text('name');
    const rule = TEAM_SPLIT_RULE_LABELS[f.text('splitRule') as TeamSplitRule];
    return {
      sentence: `${name ? `Team ${quoted(name)}` : 'Team'} angelegt${rule ? ` (Aufteilung: ${rule})` : ''}.`,
      target: name ? `Team ${quoted(name)}` : null,
    };
  },
  team_update: (f) => {
    const rename = f.change('name');
    const newName = textOf(rename?.to);
    const oldName = textOf(rename?.from);
    const current = f.text('teamName') ?? newName;
    const team = current ? `Team ${quoted(current)}` : 'Team';
    const members = f.list('members');
    if (members.length > 0 || (f.has('members') && !f.has('fields'))) {
      const named = members.flatMap((member) => {
        if (!isRecord(member)) return [];
        const name = textOf(member.personName);
        const weight = typeof member.weight === 'number' ? member.weight : null;
        return name
          ? [weight !== null ? `${name} (${counted(weight, 'Punkt', 'Punkte')})` : name]
          : [];
      });
      return {
        sentence:
          named.length === members.length && named.length > 0
            ? `Mitglieder von ${team} festgelegt: ${named.join(', ')}.`
            : `Mitglieder von ${team} festgelegt: ${counted(members.length, 'Person', 'Personen')}.`,
        target: team,
      };
    }
    const parts: string[] = [];
    if (oldName && newName && oldName !== newName) {
      parts.push(`umbenannt von ${quoted(oldName)} in ${quoted(newName)}`);
    }
    const rule = f.change('splitRule');
    const ruleTo = TEAM_SPLIT_RULE_LABELS[rule?.to as TeamSplitRule];
    if (ruleTo) parts.push(`Aufteilung jetzt: ${ruleTo}`);
    else if (f.list('fields').includes('splitRule')) parts.push('Aufteilung geändert');
    return {
      sentence: parts.length ? `${team} geändert: ${parts.join('; ')}.` : `${team} geändert.`,
      target: team,
    };
  },
  team_delete: (f) => {
    const name = f.text('name');
    return {
      sentence: `${name ? `Team ${quoted(name)}` : 'Team'} gelöscht; die Trinkgelder des Teams bleiben erhalten.`,
      target: name ? `Team ${quoted(name)}` : null,
    };
  },
  shift_assign: (f) => {
    const { person, when, where } = shiftFacts(f);
    return {
      sentence: `${person ?? 'Eine Person'}${when ? ` für ${when}` : ''} ${where} eingeteilt.`,
      target: person,
      references: shiftReferences(f),
    };
  },
  shift_unassign: (f) => {
    const { person, when, where } = shiftFacts(f);
    return {
      sentence: `Dienst ${person ? `von ${person}` : 'einer Person'}${when ? ` am ${when}` : ''} ${where} entfernt.`,
      target: person,
      references: shiftReferences(f),
    };
  },
  shift_copy_week: (f) => {
    const name = f.text('targetName');
    const team = f.text('targetKind') === 'team';
    const where = name ? (team ? ` im Team ${quoted(name)}` : ` an ${quoted(name)}`) : '';
    const from = germanDay(f.value('fromDay'));
    const to = germanDay(f.value('toDay'));
    const copied = f.count('copied');
    const removed = f.count('removed');
    const counts =
      copied !== null
        ? `: ${counted(copied, 'Dienst', 'Dienste')} übernommen${removed ? `, ${counted(removed, 'Dienst', 'Dienste')} ersetzt` : ''}`
        : '';
    return {
      sentence:
        from && to
          ? `Dienstplan${where} der Woche ab ${from} in die Woche ab ${to} kopiert${counts}.`
          : `Dienstplan${where} in die Folgewoche kopiert${counts}.`,
      target: name ? (team ? `Team ${quoted(name)}` : `Bezahlpunkt ${quoted(name)}`) : null,
      targetReference: team ? 'Team' : 'Bezahlpunkt',
    };
  },
  shift_import: (f) => {
    const file = f.text('fileName');
    const created = f.count('created');
    const unchanged = f.count('unchanged');
    const skipped = f.count('skipped');
    const parts = [
      created !== null ? `${counted(created, 'Dienst', 'Dienste')} neu` : null,
      unchanged ? `${counted(unchanged, 'Dienst', 'Dienste')} schon geplant` : null,
      skipped ? `${counted(skipped, 'Zeile', 'Zeilen')} mit Problemen übersprungen` : null,
    ].filter((part) => part !== null);
    return {
      sentence: `Dienstplan${file ? ` aus ${quoted(file)}` : ''} importiert${parts.length ? `: ${parts.join(', ')}` : ''}.`,
      target: file,
    };
  },
};
