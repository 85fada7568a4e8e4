import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPE_LABELS,
  type AuditAction,
  type AuditTargetType,
} from './audit';
import type { AuditPayloads } from './audit-events';
import { accountPresenters } from './audit-presenters/accounts';
import { businessPresenters } from './audit-presenters/business';
import {
  AuditFacts,
  type AuditReference,
  type Presenter,
  type Said,
} from './audit-presenters/facts';
import { moneyPresenters } from './audit-presenters/money';
import { placePresenters } from './audit-presenters/places';
import { planPresenters } from './audit-presenters/plans';
import { apiKeyPresenters } from './audit-presenters/api-keys';
import { webhookPresenters } from './audit-presenters/webhooks';
import { hoursPresenters } from './audit-presenters/hours';
import { isRecord, reference } from './audit-presenters/words';

export type { AuditReference } from './audit-presenters/facts';

/**
 * What an audit row says, in German (decision 0340): its action's label, the target by
 * the name people know, one sentence with names, euro amounts and German dates, and the ids as
 * references to copy (never in the sentence). Used by the dashboard's audit log and the CSV.
 * Pure: it reads the row only, so rows written before a payload carried names still read well,
 * just with fewer names.
 */
export interface AuditDescription {
  label: string;
  /** The 'Ziel' column: "Anna Schneider", "Bezahlpunkt „Tisch 7“", "Trinkgeld 15,00 €". */
  target: string;
  sentence: string;
  references: AuditReference[];
}

/** The columns of a row the presenter reads. */
export interface AuditRowFacts {
  action: string;
  targetType: string | null;
  targetId: string | null;
  payload: unknown;
}

/**
 * One presenter per action (the files of audit-presenters/ say one area each): a record over
 * every action, so an action without its presenter is a type error.
 */
export const AUDIT_PRESENTERS: { [A in AuditAction]: Presenter<A> } = {
  ...accountPresenters,
  ...businessPresenters,
  ...placePresenters,
  ...moneyPresenters,
  ...planPresenters,
  ...apiKeyPresenters,
  ...webhookPresenters,
  ...hoursPresenters,
};

/** The label of a row's own target as a reference; admin pages are paths, not ids. */
const REFERENCE_LABELS: Record<AuditTargetType, string | null> = {
  ...AUDIT_TARGET_TYPE_LABELS,
  security: 'Benutzer',
  page: null,
};

function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

function targetTypeLabel(type: string | null): string | null {
  return type ? (AUDIT_TARGET_TYPE_LABELS[type as AuditTargetType] ?? null) : null;
}

/** What one audit row says (see AuditDescription). */
export function describeAuditEntry(row: AuditRowFacts): AuditDescription {
  const ownLabel = (said?: Said) =>
    said?.targetReference ??
    (row.targetType ? REFERENCE_LABELS[row.targetType as AuditTargetType] : undefined) ??
    'Ziel';
  if (!isAuditAction(row.action)) {
    const own = row.targetType !== 'page' ? reference(ownLabel(), row.targetId) : null;
    return {
      label: row.action,
      target: targetTypeLabel(row.targetType) ?? '—',
      sentence: 'Aktion ohne Beschreibung.',
      references: own ? [own] : [],
    };
  }
  const facts = new AuditFacts<AuditPayloads[AuditAction]>(
    isRecord(row.payload) ? row.payload : {},
  );
  const presenter = AUDIT_PRESENTERS[row.action] as Presenter<AuditAction>;
  const said = presenter(facts);
  const own = row.targetType !== 'page' ? reference(ownLabel(said), row.targetId) : null;
  const references: AuditReference[] = [];
  for (const candidate of [own, ...(said.references ?? [])]) {
    if (candidate && !references.some((known) => known.id === candidate.id)) {
      references.push(candidate);
    }
  }
  return {
    label: said.label ?? AUDIT_ACTION_LABELS[row.action],
    target: said.target ?? targetTypeLabel(row.targetType) ?? '—',
    sentence: said.sentence.replace(/ {2,}/g, ' '),
    references,
  };
}
