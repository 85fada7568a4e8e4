import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { EmployeeTip, TodayOverview } from '../../../shared/api/employee';
import { TodayCard } from './TodayTab';

let next = 0;
/** A tip of today; ids and amounts tell the tips apart in the markup. */
function tip(status: EmployeeTip['status'], createdAt: string, euros: number): EmployeeTip {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    amountCents: euros * 100,
    tipAmountCents: euros * 100,
    currency: 'eur',
    status,
    createdAt,
    processedAt: status === 'completed' ? createdAt : null,
    transferReference: null,
    paymentMethod: 'card',
    tipSource: 'direct',
    teamName: null,
    allocationReason: null,
    platformFeeCovered: false,
    guestMessage: null,
    feedbackEmoji: null,
    feedbackMessage: null,
    reply: null,
  };
}

/** The amounts in the order the card shows them. */
const amountsInOrder = (html: string) =>
  [...html.replace(/<!-- -->/g, '').matchAll(/(\d+),00\u00a0€/g)].map((m) => Number(m[1]));

describe("the 'Heute' card", () => {
  const today: TodayOverview = {
    // Paid out early in the morning, while newer tips are still pending.
    paid: [
      tip('completed', '2026-11-29T07:00:00Z', 5),
      tip('completed', '2026-11-29T06:00:00Z', 6),
    ],
    pending: [tip('pending', '2026-11-29T09:00:00Z', 7), tip('pending', '2026-11-29T08:00:00Z', 8)],
    paidCount: 2,
    pendingCount: 3,
    moreCount: 1,
    totalCents: 3400,
  };
  const html = renderToString(<TodayCard today={today} loading={false} onShowAll={() => {}} />);

  it('lists the tips newest first, whatever their state', () => {
    // The first amount is the day's total in the header.
    expect(amountsInOrder(html).slice(1)).toEqual([7, 8, 5, 6]);
  });

  it("offers 'plus 1 weitere' as a button to the full list", () => {
    expect(html.replace(/<!-- -->/g, '')).toMatch(/<button[^>]*>plus 1 weitere<\/button>/);
  });
});
