import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import type { SetupChecklist, SetupChecklistItem } from '../../../../shared/api/setup-checklist';
import { adminSetupPart } from '../../../../shared/i18n/admin-catalogue-setup';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { Icon } from '../../public/components/Icon';
import { useSelectedBusinessId } from '../business-scope';
import { setupApi, setupKeys } from './setup-api';
import { useAdminTexts } from '../../../lib/admin-language';

/**
 * The card 'Einrichtung' on the admin dashboard of a new business: five steps,
 * each ticked by the server from the business's data and linking to the page that does it, with
 * the progress and 'Ausblenden'. The dashboard asks for the checklist (`SetupChecklist`) and
 * loads this card only when it is to be shown.
 */
export function SetupChecklistCard({ data }: { data: SetupChecklist }) {
  const { setup: setupTexts } = useAdminTexts(adminSetupPart);
  const t = setupTexts;
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const key = setupKeys.checklist(businessId);
  // A plain busy flag rather than `useMutation`: the dashboard's first load does without the
  // mutation code for one button.
  const [dismissing, setDismissing] = useState(false);
  const dismiss = async () => {
    setDismissing(true);
    try {
      queryClient.setQueryData(key, await setupApi.dismiss());
      toast({ title: t.dismissed, variant: 'success' });
    } catch (error) {
      toast({
        title: t.dismissFailed,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setDismissing(false);
    }
  };

  return (
    <section
      aria-labelledby="setup-title"
      className="flex flex-col gap-4 rounded-lg border border-primary bg-card p-5 shadow-sm"
      data-testid="setup-checklist"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="setup-title" className="text-lg font-semibold">
            {t.title}
          </h2>
          <p className="text-sm text-muted-foreground">{t.intro}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={dismissing}
          aria-busy={dismissing}
          onClick={() => void dismiss()}
        >
          {dismissing ? t.dismissing : t.dismiss}
        </Button>
      </div>
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium" id="setup-progress" data-testid="setup-progress">
          {t.progress(data.doneCount, data.total)}
        </p>
        <progress
          className="h-2 w-full overflow-hidden rounded-full accent-[var(--primary)]"
          value={data.doneCount}
          max={data.total}
          aria-labelledby="setup-progress"
        />
      </div>
      <ol className="flex flex-col divide-y divide-border">
        {data.items.map((item) => (
          <SetupItem key={item.key} item={item} />
        ))}
      </ol>
    </section>
  );
}

function SetupItem({ item }: { item: SetupChecklistItem }) {
  const { setup: setupTexts } = useAdminTexts(adminSetupPart);
  const t = setupTexts;
  const texts = t.items[item.key];
  const linkClass = buttonClasses(
    item.done ? 'ghost' : 'secondary',
    'sm',
    'ml-9 shrink-0 self-start sm:ml-0 sm:self-center',
  );
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-done={item.done}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border',
            item.done
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-input text-transparent',
          )}
        >
          <Icon name="check" className="h-4 w-4" />
        </span>
        <div className="min-w-0">
          <p className={cn('font-medium', item.done && 'text-muted-foreground')}>
            <span className="sr-only">{item.done ? t.done : t.open}: </span>
            {texts.title}
          </p>
          <p className="text-sm text-muted-foreground">
            {item.note ? t.notes[item.note] : texts.text}
          </p>
        </div>
      </div>
      {item.guestPage ? (
        // The guest page is another app: a new tab keeps the dashboard open to come back to.
        <a href={item.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {texts.action}
          <span className="sr-only"> {t.newTab}</span>
        </a>
      ) : (
        <Link to={item.href} className={linkClass}>
          {texts.action}
        </Link>
      )}
    </li>
  );
}
