import { PAYOUT_SCHEDULE_LABELS, type PayoutSchedule } from '../payouts';
import type { Presenters } from './facts';
import { asSentence, counted, euro, germanMoment, reference } from './words';

/** Money: refunds, the pool, payouts and held tips. */
export const moneyPresenters: Presenters<
  | 'payment_reset'
  | 'payment_refund'
  | 'pool_tip_assign'
  | 'pool_tip_unassign'
  | 'payout_batch_run'
  | 'payout_schedule_update'
  | 'instant_payout_request'
  | 'held_tip_release'
> = {
  payment_reset: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    return { sentence: `Zahlung${amount ? ` über ${amount}` : ''} zurückgesetzt.` };
  },
  payment_refund: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    const tip = amount ? `ein Trinkgeld über ${amount}` : 'ein Trinkgeld';
    const reason = f.text('reason');
    const references = [
      reference('Zuerst bezahltes Trinkgeld', f.value('paidTipId')),
      reference('Später-zahlen-Link', f.value('payLaterLinkId')),
      reference('Erstattung', f.value('refundId')),
    ];
    if (reason === 'held_for_review') {
      const review = f.text('review');
      return {
        sentence: `Angehaltenes Trinkgeld${amount ? ` über ${amount}` : ''} dem Gast vollständig erstattet.${review ? ` Angehalten, weil: ${asSentence(review)}` : ''}`,
        target: amount ? `Trinkgeld ${amount}` : null,
        references,
      };
    }
    const why =
      reason === 'pay_later_paid_twice'
        ? ': Das Trinkgeld war schon bezahlt und wurde über den Später-zahlen-Link ein zweites Mal bezahlt'
        : reason === 'paid_twice'
          ? ': Das Trinkgeld war schon bezahlt und wurde ein zweites Mal bezahlt'
          : '';
    return {
      sentence: `Zahlung für ${tip} dem Gast vollständig erstattet${why}.`,
      target: amount ? `Trinkgeld ${amount}` : null,
      references,
    };
  },
  pool_tip_assign: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    const person = f.text('personName');
    const details = [f.text('pointLabel'), germanMoment(f.value('paidAt'))]
      .map((part, index) => (part && index === 1 ? `bezahlt am ${part}` : part))
      .filter(Boolean);
    return {
      sentence: `Trinkgeld${amount ? ` über ${amount}` : ''}${details.length ? ` (${details.join(', ')})` : ''} aus dem Pool ${person ? `an ${person} gegeben` : 'vergeben'}.`,
      target: amount ? `Trinkgeld ${amount}` : null,
      references: [reference('Person', f.value('profileId'))],
    };
  },
  pool_tip_unassign: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    const person = f.text('personName');
    const place = f.text('pointLabel');
    return {
      sentence: `Zuweisung des Trinkgelds${amount ? ` über ${amount}` : ''}${place ? ` (${place})` : ''}${person ? ` an ${person}` : ''} rückgängig gemacht; es liegt wieder im Pool.`,
      target: amount ? `Trinkgeld ${amount}` : null,
      references: [reference('Person', f.value('profileId'))],
    };
  },
  payout_batch_run: (f) => {
    const total = euro(f.cents('totalCents'));
    const transfers = f.count('transfers');
    const skipped = f.count('skipped');
    const to = transfers !== null ? ` an ${counted(transfers, 'Person', 'Personen')}` : '';
    return {
      sentence: `Auszahlung${total ? ` von ${total}` : ''}${to} gestartet${skipped ? `; ${counted(skipped, 'Person', 'Personen')} ohne Auszahlungskonto übersprungen` : ''}.`,
      target: total ? `Auszahlung ${total}` : null,
    };
  },
  payout_schedule_update: (f) => {
    const from = PAYOUT_SCHEDULE_LABELS[f.text('from') as PayoutSchedule];
    const to = PAYOUT_SCHEDULE_LABELS[f.text('to') as PayoutSchedule];
    return {
      sentence:
        from && to
          ? `Auszahlungsrhythmus von ${from.toLowerCase()} auf ${to.toLowerCase()} geändert.`
          : to
            ? `Auszahlungsrhythmus auf ${to.toLowerCase()} gestellt.`
            : 'Auszahlungsrhythmus geändert.',
      target: 'Auszahlungen',
    };
  },
  instant_payout_request: (f) => {
    const cents = f.cents('amountCents');
    const fee = f.cents('feeCents');
    const amount = euro(cents);
    const arrives = cents !== null && fee !== null ? euro(cents - fee) : null;
    return {
      sentence: `Sofortauszahlung${amount ? ` von ${amount}` : ''} angefordert${arrives ? `; nach ${euro(fee)} Gebühr kommen ${arrives} an` : ''}.`,
      target: amount ? `Sofortauszahlung ${amount}` : null,
      references: [reference('Auszahlung an die Person', f.value('payoutId'))],
    };
  },
  held_tip_release: (f) => {
    const amount = euro(f.cents('amountCents'), f.value('currency'));
    const reason = f.text('reason');
    return {
      sentence: `Angehaltenes Trinkgeld${amount ? ` über ${amount}` : ''} zur Auszahlung freigegeben.${reason ? ` Angehalten, weil: ${asSentence(reason)}` : ''}`,
      target: amount ? `Trinkgeld ${amount}` : null,
    };
  },
};
