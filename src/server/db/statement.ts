import { type SQL, sql } from 'drizzle-orm';

/** SQL text with numbered parameters ($1, $2, …) and their values. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Collects the values of a statement written as text: `param(value, 'uuid')` adds the value and
 * answers its placeholder with a cast, so the text stays the same for every call of one shape
 * (PostgreSQL can then keep it prepared, see Database.query's `prepared`).
 */
export class StatementValues {
  readonly values: unknown[] = [];

  param(value: unknown, type: string): string {
    this.values.push(value === undefined ? null : value);
    return `$${this.values.length}::${type}`;
  }
}

/** The statement as drizzle SQL, to run it on a transaction handle. */
export function asDrizzleSql(statement: Statement): SQL {
  const parts = statement.text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      // As one parameter each: drizzle would spread an array value into a list of them.
      index % 2 === 0 ? sql.raw(part) : sql.param(statement.values[Number(part) - 1]),
    ),
  );
}

/** The rows a drizzle `execute` answered, on PGlite and on node-postgres alike. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
