import {
  SHOWCASE_GROUP_ORDER,
  type ShowcaseEntry,
  type ShowcaseResponse,
} from '../../../shared/api/showcase';
import type { EntrypointType } from '../../../shared/domain/tips';

export interface ShowcaseRow {
  uid: string;
  type: EntrypointType;
  label: string | null;
  metadata: Record<string, unknown>;
}

/** Metadata is free-form JSON: only a non-empty string counts as a value worth showing. */
function metadataText(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Builds the entry from an explicit list of fields, so no internal column can leak. */
export function presentShowcaseEntry(row: ShowcaseRow, publicOrigin: string): ShowcaseEntry {
  return {
    uid: row.uid,
    label: row.label?.trim() || metadataText(row.metadata, 'name') || row.uid,
    type: row.type,
    department: metadataText(row.metadata, 'department'),
    shift: metadataText(row.metadata, 'shift'),
    location: metadataText(row.metadata, 'location'),
    tipUrl: `${publicOrigin}/t/${encodeURIComponent(row.uid)}`,
  };
}

/** "Tisch 7" before "Tisch 12", umlauts where a German reader expects them. */
const byLabel = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/**
 * Groups entries in the fixed order person, team, object, each sorted by label; empty groups
 * are left out.
 */
export function presentShowcase(rows: ShowcaseRow[], publicOrigin: string): ShowcaseResponse {
  const groups = SHOWCASE_GROUP_ORDER.map((type) => ({
    type,
    entries: rows
      .filter((row) => row.type === type)
      .map((row) => presentShowcaseEntry(row, publicOrigin))
      .sort((a, b) => byLabel.compare(a.label, b.label) || a.uid.localeCompare(b.uid)),
  }));
  return { groups: groups.filter((group) => group.entries.length > 0) };
}
