import { useState } from 'react';
import { Link } from '../../lib/router';
import { TWO_FACTOR_SETUP_PATH } from '../../../shared/domain/two-factor';
import { buttonClasses } from '../../components/ui/Button';
import { useSession } from '../../lib/session';
import { useStaffTexts } from '../../lib/staff-language';

/** Dismissed for this browser session (the tab): it comes back at the next sign-in. */
const DISMISSED_KEY = 'trinkgeld:two-factor-banner-dismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Offers two-factor sign-in to business owners in the admin shell until they turn it on (they
 * start payouts and refunds, so a password alone is a thin protection).
 */
export function TwoFactorBanner() {
  const t = useStaffTexts().twoFactor.banner;
  const session = useSession();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const offered =
    session.profile?.role === 'business_owner' && session.twoFactor?.enabled === false;
  if (!offered || dismissed) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Without storage it only stays hidden until the page is reloaded.
    }
    setDismissed(true);
  };

  return (
    <aside
      aria-label={t.label}
      data-testid="two-factor-banner"
      className="border-b border-border bg-accent/15"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-3 px-4 py-2 sm:px-6">
        {/* A basis of its own: on a phone the buttons go below the sentence instead of squeezing it. */}
        <p className="min-w-0 flex-[1_1_16rem] text-sm font-medium">{t.text}</p>
        <Link to={TWO_FACTOR_SETUP_PATH} className={buttonClasses('primary', 'sm')}>
          {t.link}
        </Link>
        <button type="button" className={buttonClasses('ghost', 'sm')} onClick={dismiss}>
          {t.dismiss}
        </button>
      </div>
    </aside>
  );
}
