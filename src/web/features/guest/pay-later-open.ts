import type { PayLaterLinkResponse } from '../../../shared/api/tips';
import { tipOutcomeTexts } from '../../../shared/i18n/guest-outcome';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { guestApi } from './guest-api';
import { currentGuestLanguage } from './i18n';
import { navigate } from './navigation';

/**
 * Opens a pay-later link (loaded on demand with its texts, outside the first view): the link when
 * it can still be paid; 'used' after leading the guest to the thank-you of the tip that paid it;
 * null after telling the guest why an expired or forged link cannot be paid (nothing is charged).
 */
export async function openPayLaterLink(
  token: string,
): Promise<PayLaterLinkResponse | 'used' | null> {
  const texts = (currentGuestLanguage().catalogue?.outcome.tip ?? tipOutcomeTexts).payLaterLink;
  try {
    const link = await guestApi.openPayLaterLink(token);
    if (!link.paidTipId) return link;
    toast({ title: texts.used.title, description: texts.used.description });
    navigate(`/thank-you?tipId=${link.paidTipId}`, { replace: true });
    return 'used';
  } catch (error) {
    const code = error instanceof ApiError ? error.code : '';
    const problem =
      code === 'pay_later_expired'
        ? texts.expired
        : code === 'pay_later_used'
          ? texts.used
          : texts.invalid;
    toast({ title: problem.title, description: problem.description, variant: 'destructive' });
  }
  return null;
}
