import type { PassRow } from './queries';

/**
 * A pass is a person's tip code: only an active point of a person who may still be tipped. A team
 * or object point has no one to carry it, and a pass for a dead point would lead guests nowhere.
 */
export function mayIssuePass(
  row: Pick<PassRow, 'type' | 'targetType' | 'active' | 'personDisabled' | 'personName'>,
): boolean {
  return (
    row.type === 'person' &&
    row.targetType === 'user' &&
    row.active &&
    !row.personDisabled &&
    row.personName !== null
  );
}
