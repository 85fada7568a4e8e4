import { accountDeactivatedMessage, AUTH_ERRORS } from '../../../shared/api/auth';
import type { BusinessAccessRefusal } from '../../../shared/api/operator';
import { staffAccessRefusal } from '../../../shared/domain/business-access';
import { effectiveRole } from '../../../shared/domain/roles';
import { AppError } from '../../http/errors';

/** A deactivated account, told to whoever proved the address is theirs (decision 0356). */
export function deactivatedError(account: {
  businessName: string | null;
  role: string | null;
}): AppError {
  return new AppError(AUTH_ERRORS.account_deactivated, {
    message: accountDeactivatedMessage(account),
  });
}

/** Whether the account's business keeps it out (suspended or closed; never the platform admin). */
export function businessRefusalOf(account: {
  role: string | null;
  businessActive: boolean | null;
  businessClosedAt: Date | null;
}): BusinessAccessRefusal | null {
  return staffAccessRefusal({
    role: account.role === null ? null : effectiveRole(account.role),
    business:
      account.businessActive === null
        ? null
        : { active: account.businessActive, closedAt: account.businessClosedAt },
  });
}
