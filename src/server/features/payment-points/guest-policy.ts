import type { EntrypointErrorCode } from '../../../shared/api/entrypoints';

/** What the server found behind a code, reduced to the facts the guest rule depends on. */
export interface GuestCodeFacts {
  found: 'entrypoint' | 'legacy' | 'none';
  /** Whether the unknown code looks like a legacy QR code rather than a payment point uid. */
  looksLegacy: boolean;
  businessActive: boolean;
  codeActive: boolean;
  recipientExists: boolean;
}

/**
 * May a guest tip through this code? Returns null when yes, else the error to answer with.
 * Order matters: a deactivated business outranks an inactive code, which outranks a missing
 * recipient, so the guest hears the most useful reason first.
 */
export function guestCodeProblem(facts: GuestCodeFacts): EntrypointErrorCode | null {
  if (facts.found === 'none') return facts.looksLegacy ? 'qr_code_invalid' : 'code_not_found';
  if (!facts.businessActive) return 'business_deactivated';
  if (!facts.codeActive) return 'code_inactive';
  if (!facts.recipientExists) {
    return facts.found === 'legacy' ? 'qr_code_invalid' : 'recipient_not_found';
  }
  return null;
}

const PAYMENT_POINT_UID = /^[A-Za-z0-9][A-Za-z0-9_-]{2,79}$/;

/** Legacy codes were printed as "qr-..."; anything that is no valid uid is no payment point. */
export function looksLikeLegacyCode(code: string): boolean {
  return code.toLowerCase().startsWith('qr-') || !PAYMENT_POINT_UID.test(code);
}
