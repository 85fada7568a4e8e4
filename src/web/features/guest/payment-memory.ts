import type { PaymentMethod } from '../../../shared/domain/tips';

/**
 * What this browser tab remembers across the trip to the hosted checkout. sessionStorage is
 * per tab: the secret token never leaves the tab that paid. In private modes without storage a
 * plain map keeps it for the page's life.
 */
export interface RememberedPayment {
  tipId: string;
  token: string;
  attempt: number;
  code: string;
  method: PaymentMethod;
}

const memory = new Map<string, string>();
const store = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
};

const GUEST_SESSION_KEY = 'trinkgeld:guest-session';
const paymentKey = (tipId: string) => `trinkgeld:payment:${tipId}`;

function randomId(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The tab's own id (the spec's session_id): the server allows one open payment per id. */
export function guestSessionId(): string {
  let id = store.get(GUEST_SESSION_KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    id = randomId();
    store.set(GUEST_SESSION_KEY, id);
  }
  return id;
}

export function rememberPayment(payment: RememberedPayment): void {
  store.set(paymentKey(payment.tipId), JSON.stringify(payment));
}

export function recallPayment(tipId: string): RememberedPayment | null {
  const raw = store.get(paymentKey(tipId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as RememberedPayment;
    return parsed.tipId === tipId && typeof parsed.token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

const ACTIVE_KEY = 'trinkgeld:active-payment';

/** Marks the payment this tab is off to pay, so a return without an answer can end it. */
export function markActivePayment(tipId: string | null): void {
  store.set(ACTIVE_KEY, tipId ?? '');
}

/** The payment this tab left for the checkout and has not heard back about, if any. */
export function takeActivePayment(): RememberedPayment | null {
  const tipId = store.get(ACTIVE_KEY);
  store.set(ACTIVE_KEY, '');
  return tipId ? recallPayment(tipId) : null;
}
