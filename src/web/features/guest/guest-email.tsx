import type { InputHTMLAttributes } from 'react';
import { RECEIPT_EMAIL_MAX_LENGTH, RECEIPT_EMAIL_PATTERN } from '../../../shared/domain/receipts';
import { Input } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';

/** Whether a typed (trimmed) address can be sent to; the server checks it the same way. */
export function isGuestEmail(address: string): boolean {
  return RECEIPT_EMAIL_PATTERN.test(address) && address.length <= RECEIPT_EMAIL_MAX_LENGTH;
}

/**
 * What a guest reads when a mail to their address was refused: the server speaks German, so the
 * words come from the guest's catalogue by status (bad address, too many, anything else).
 */
export function guestMailProblem(
  error: unknown,
  words: { invalid: string; tooMany: string; failed: string },
): string {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 400 ? words.invalid : status === 429 ? words.tooMany : words.failed;
}

/** The field for a guest's own address (receipt, reply, pay-later link). */
export function GuestEmailInput({
  invalid,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { invalid: boolean }) {
  return (
    <Input
      type="email"
      inputMode="email"
      autoComplete="email"
      maxLength={RECEIPT_EMAIL_MAX_LENGTH}
      aria-invalid={invalid ? true : undefined}
      {...props}
    />
  );
}
