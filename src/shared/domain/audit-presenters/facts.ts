import type { AuditAction } from '../audit';
import type { AuditPayloads } from '../audit-events';
import { isCents } from '../money';
import { isRecord, textOf } from './words';

/** An id a row refers to, for copying; never part of the sentence. */
export interface AuditReference {
  /** What the id identifies: "Trinkgeld", "Person", "Erstattung". */
  label: string;
  id: string;
}

/** Every key any variant of a payload has (a presenter reads them by name, typo-safe). */
type KeysOf<P> = P extends unknown ? keyof P & string : never;

/**
 * A stored payload read defensively: each accessor checks the value's type and answers null
 * for a missing or odd one, so an older or unexpected row never shows "undefined" or throws.
 */
export class AuditFacts<P> {
  constructor(private readonly raw: Record<string, unknown>) {}

  value(key: KeysOf<P>): unknown {
    return this.raw[key];
  }

  /** A non-empty string. */
  text(key: KeysOf<P>): string | null {
    return textOf(this.raw[key]);
  }

  count(key: KeysOf<P>): number | null {
    const value = this.raw[key];
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
  }

  cents(key: KeysOf<P>): number | null {
    const value = this.raw[key];
    return isCents(value) ? value : null;
  }

  list(key: KeysOf<P>): unknown[] {
    const value = this.raw[key];
    return Array.isArray(value) ? value : [];
  }

  /** A `{ from, to }` pair, each side as stored. */
  change(key: KeysOf<P>): { from: unknown; to: unknown } | null {
    const value = this.raw[key];
    return isRecord(value) && ('from' in value || 'to' in value)
      ? { from: value.from, to: value.to }
      : null;
  }

  has(key: KeysOf<P>): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  /** The same row read as an older shape of the payload (rows written before a change). */
  legacy<L>(): AuditFacts<L> {
    return new AuditFacts<L>(this.raw);
  }
}

/** What one presenter says; the label and target fall back to the action's and the type's. */
export interface Said {
  sentence: string;
  target?: string | null;
  references?: (AuditReference | null)[];
  /** Only where a stored row means another action (old deactivations). */
  label?: string;
  /** What the row's own target id is, where the target type does not say it. */
  targetReference?: string;
}

export type Presenter<A extends AuditAction> = (facts: AuditFacts<AuditPayloads[A]>) => Said;

/** The presenters of some actions: each file of this folder says one area's rows. */
export type Presenters<A extends AuditAction> = { [K in A]: Presenter<K> };
