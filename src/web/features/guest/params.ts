import { MAX_TIP_CENTS, MIN_TIP_CENTS } from '../../../shared/domain/constants';
import { parseEuroToCents } from '../../../shared/domain/money';

export interface TipPageParams {
  /** ?amount= (a positive number, "7.5" or "7,50"): preselects and skips to payment. */
  amountCents: number | null;
  /** An ?amount= that cannot be paid, and why: the amount step says so. */
  linkAmount: { typed: string; problem: 'not-a-number' | 'too-low' | 'too-high' } | null;
  /** ?later=: the token of a pay-later link. */
  payLaterToken: string | null;
  /** Back from the hosted checkout: paid or failed (return) or left (cancel). */
  checkout: 'return' | 'cancel' | null;
  tipId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export function readTipPageParams(search: string): TipPageParams {
  const query = new URLSearchParams(search);
  const typed = (query.get('amount') ?? '').trim();
  const amount = parseEuroToCents(typed);
  const problem =
    typed === ''
      ? null
      : amount === null
        ? // "-3" is a number below the minimum, not a typing error.
          /^-\s*\d/.test(typed)
          ? 'too-low'
          : 'not-a-number'
        : amount < MIN_TIP_CENTS
          ? 'too-low'
          : amount > MAX_TIP_CENTS
            ? 'too-high'
            : null;
  const checkout = query.get('checkout');
  const tipId = query.get('tip');
  const later = query.get('later');
  return {
    amountCents: typed !== '' && problem === null ? amount : null,
    linkAmount: problem ? { typed: typed.slice(0, 20), problem } : null,
    payLaterToken: later && TOKEN.test(later) ? later : null,
    checkout: checkout === 'return' || checkout === 'cancel' ? checkout : null,
    tipId: tipId && UUID.test(tipId) ? tipId : null,
  };
}

/** The code of a /t/{code} path. */
export function codeFromPath(pathname: string): string {
  const raw = pathname.replace(/^\/t\//, '').split('/')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
