import type { PayLaterLinkResponse } from '../../../shared/api/tips';
import { tipOutcomeTexts } from '../../../shared/i18n/guest-outcome';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { guestApi } from './guest-api';
import { currentGuestLanguage } from './i18n';
import { navigate } from './navigation';

/**
 * Opens a pay-later link (loaded on demand with its texts, outside the first view): the link when
 * it can still be paid; otherwise null after telling the guest why in their language. A used
 * link leads to the thank-you of the tip that paid it; an expired or forged one charges nothing.
 */
export async function openPayLaterLink(token: string): Promise<PayLaterLinkResponse | null> {
  const texts = (currentGuestLanguage().catalogue?.outcome.tip ?? tipOutcomeTexts).payLaterLink;
  try {
    const link = await guestApi.openPayLaterLink(token);
    if (!link.paidTipId) return link;
    toast({ title: texts.used.title, description: texts.used.description });
    navigate(`/thank-you?tipId=${link.paidTipId}`, { replace: true });
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
