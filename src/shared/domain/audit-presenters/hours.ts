import { formatHours, formatPeriod, formatPoints } from '../hours-split';
import type { Presenters } from './facts';
import { euro, isRecord, listed, textOf } from './words';

/** Splits by hours (decision 0660): the points per person and 'Pool verteilen'. */
export const hoursPresenters: Presenters<'work_points_update' | 'pool_distribute'> = {
  work_points_update: (f) => {
    const items = f.list('items').filter(isRecord);
    const parts = items.map((item) => {
      const name = textOf(item.personName) ?? 'Person';
      const points = typeof item.pointsMilli === 'number' ? formatPoints(item.pointsMilli) : '?';
      const role = textOf(item.role);
      return `${name}${role ? ` (${role})` : ''}: ${points}`;
    });
    return {
      sentence: `Punkte je Rolle für Aufteilungen nach Arbeitsstunden geändert${parts.length ? `: ${listed(parts)}` : ''}.`,
      target: 'Punkte je Rolle',
    };
  },
  pool_distribute: (f) => {
    const amount = euro(f.cents('amountCents'));
    const first = f.text('firstDay');
    const last = f.text('lastDay');
    const period = first && last ? ` (${formatPeriod({ firstDay: first, lastDay: last })})` : '';
    const shares = f
      .list('shares')
      .filter(isRecord)
      .map((share) => {
        const name = textOf(share.personName) ?? 'Person';
        const hours = typeof share.minutes === 'number' ? `${formatHours(share.minutes)} Std.` : '';
        const money = euro(typeof share.amountCents === 'number' ? share.amountCents : null);
        return `${name} ${money ?? ''}${hours ? ` (${hours})` : ''}`.replace(/\s+/g, ' ').trim();
      });
    return {
      sentence: `Pool${amount ? ` mit ${amount}` : ''}${period} nach Arbeitsstunden verteilt${shares.length ? `: ${listed(shares)}` : ''}.`,
      target: amount ? `Pool ${amount}` : 'Pool',
    };
  },
};
