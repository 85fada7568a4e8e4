/**
 * Every leaf of a text catalogue as "path: kind" (kind: string, or function(arity)), sorted, so
 * two languages' catalogues can be compared key for key.
 */
export function catalogueLeaves(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [`${path}: string`];
  if (typeof value === 'function') return [`${path}: function(${value.length})`];
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .flatMap(([key, child]) => catalogueLeaves(child, path ? `${path}.${key}` : key))
      .sort();
  }
  return [`${path}: ${typeof value}`];
}
