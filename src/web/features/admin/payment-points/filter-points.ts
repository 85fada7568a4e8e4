import type { PaymentPoint } from '../../../../shared/api/payment-points';
import type { EntrypointTargetType, EntrypointType } from '../../../../shared/domain/tips';

/** The table's filters (spec §2): text, type, status, target and demo only. */
export interface PointFilter {
  text: string;
  type: EntrypointType | 'all';
  status: 'all' | 'active' | 'inactive';
  target: EntrypointTargetType | 'all';
  demoOnly: boolean;
}

export const EMPTY_FILTER: PointFilter = {
  text: '',
  type: 'all',
  status: 'all',
  target: 'all',
  demoOnly: false,
};

const fold = (value: string) =>
  value
    .toLocaleLowerCase('de-DE')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/** The text search looks at uid, label, name and the target's name, ignoring case and accents. */
export function filterPoints(points: readonly PaymentPoint[], filter: PointFilter): PaymentPoint[] {
  const needle = fold(filter.text.trim());
  return points.filter((point) => {
    if (filter.type !== 'all' && point.type !== filter.type) return false;
    // 'Aktiv' is what a guest can tip through, the set the dashboard counts (decision 0475).
    if (filter.status === 'active' && !point.works) return false;
    if (filter.status === 'inactive' && point.works) return false;
    if (filter.target !== 'all' && point.targetType !== filter.target) return false;
    if (filter.demoOnly && !point.demo) return false;
    if (!needle) return true;
    return [point.uid, point.label, point.name, point.targetName ?? ''].some((field) =>
      fold(field).includes(needle),
    );
  });
}

export function isFiltered(filter: PointFilter): boolean {
  return (
    filter.text.trim() !== '' ||
    filter.type !== 'all' ||
    filter.status !== 'all' ||
    filter.target !== 'all' ||
    filter.demoOnly
  );
}
