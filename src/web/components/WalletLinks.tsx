import type { WalletLinks as Links } from '../../shared/api/wallet';
import { buttonClasses } from './ui/Button';
import { Button } from './ui/Button';
import { toast } from './ui/toast-store';
import { useStaffTexts } from '../lib/staff-language';

/**
 * 'Zu Apple Wallet hinzufügen' and 'Zu Google Wallet hinzufügen' where this installation signs
 * passes; without Apple's certificate the spec's Apple button stays and says why it cannot work.
 * The pass is a plain download (Safari opens .pkpass itself), Google's a link the server signs.
 */
export function WalletLinks({
  links,
  soon,
}: {
  links: Links | undefined;
  soon: 'toast' | 'disabled';
}) {
  const t = useStaffTexts().common.wallet;
  const commonTexts = useStaffTexts().common;
  return (
    <>
      {links?.apple ? (
        <a href={links.apple} download className={buttonClasses('outline', 'sm')}>
          {t.apple}
        </a>
      ) : soon === 'disabled' ? (
        <Button size="sm" variant="outline" disabled title={commonTexts.comingSoon}>
          {t.appleSoon}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => toast({ title: commonTexts.comingSoon, description: t.unavailable })}
        >
          {t.appleSoon}
        </Button>
      )}
      {links?.google ? (
        <a href={links.google} className={buttonClasses('outline', 'sm')}>
          {t.google}
        </a>
      ) : null}
    </>
  );
}
