/**
 * Which rows a page of a paginated list shows: page 2 of 27 rows at 10 a page shows rows 11 to
 * 20. Every paginated list says this range ("11–20 von 27") rather than a page number, so the
 * reader sees how much is left.
 */
export type PageRange = { first: number; last: number; total: number };

export function pageRange(page: number, pageSize: number, total: number): PageRange {
  if (total <= 0 || pageSize <= 0) return { first: 0, last: 0, total: Math.max(total, 0) };
  const pages = Math.ceil(total / pageSize);
  const current = Math.min(Math.max(Math.trunc(page), 1), pages);
  const first = (current - 1) * pageSize + 1;
  return { first, last: Math.min(current * pageSize, total), total };
}

/** "11–20 von 27" (an en dash, as German typesetting writes a range); one row reads "27 von 27". */
export function pageRangeText({ first, last, total }: PageRange, of: string): string {
  const shown = first === last ? `${first}` : `${first}–${last}`;
  return `${shown} ${of} ${total}`;
}
