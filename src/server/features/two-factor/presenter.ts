import type { TwoFactorStatus } from '../../../shared/api/two-factor';
import type { TwoFactorRow } from './queries';

/** The person's own two-factor state as the settings page sees it: never the secret. */
export function presentTwoFactorStatus(
  row: Pick<TwoFactorRow, 'enabledAt'> | undefined,
  recoveryCodesRemaining: number,
  required: boolean,
): TwoFactorStatus {
  const enabled = Boolean(row?.enabledAt);
  return {
    enabled,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    pending: row !== undefined && !enabled,
    recoveryCodesRemaining: enabled ? recoveryCodesRemaining : 0,
    required,
  };
}
