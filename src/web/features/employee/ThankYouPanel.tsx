import { useEffect, useRef, useState } from 'react';
import type { EmployeeTip } from '../../../shared/api/employee';
import { NEW_MESSAGE_HIGHLIGHT_MS } from '../../../shared/domain/constants';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { ReplyBox } from './ReplyBox';
import { GuestFeedback, paymentMethodLabel } from './TipRow';
import { useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

export interface ThankYouPanelProps {
  items: EmployeeTip[] | undefined;
  newCount: number;
  loading: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * 'Dankesnachrichten': paid tips with a message, newest first (at most 10). A message that
 * arrives while the panel is open is highlighted for 5 s or until it is clicked (spec §4).
 */
export function ThankYouPanel({
  items,
  newCount,
  loading,
  refreshing,
  onRefresh,
}: ThankYouPanelProps) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const { cents: formatCents, relative: formatRelative } = useStaffFormat();
  const highlighted = useNewItemHighlight(items);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <Card aria-labelledby="thank-you-title">
      <CardHeader className="sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <CardTitle id="thank-you-title">{t.thankYou.title}</CardTitle>
          {newCount > 0 ? (
            <Badge variant="destructive" data-testid="thank-you-new-count">
              {t.newMessagesBadge(newCount)}
            </Badge>
          ) : null}
        </div>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
          {t.thankYou.refresh}
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner />
        ) : !items || items.length === 0 ? (
          <div className="flex flex-col gap-1 py-6 text-center">
            <p className="font-medium">{t.thankYou.emptyTitle}</p>
            <p className="text-sm text-muted-foreground">{t.thankYou.emptyHint}</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-live="polite">
            {items.map((item) => {
              const isNew = highlighted.ids.has(item.id);
              return (
                <li
                  key={item.id}
                  data-testid="thank-you-item"
                  data-new={isNew ? 'true' : undefined}
                  onClick={() => highlighted.dismiss(item.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') highlighted.dismiss(item.id);
                  }}
                  tabIndex={isNew ? 0 : undefined}
                  className={cn(
                    'flex flex-col gap-1 rounded-lg border p-3 transition-colors',
                    isNew ? 'animate-fade-in border-accent ring-2 ring-accent' : 'border-border',
                  )}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">
                      {formatCents(item.amountCents, item.currency)}
                    </span>
                    <span className="flex items-center gap-2 text-sm text-muted-foreground">
                      {isNew ? <Badge variant="accent">{t.thankYou.newItem}</Badge> : null}
                      <time dateTime={item.createdAt}>{formatRelative(item.createdAt, now)}</time>
                    </span>
                  </div>
                  <GuestFeedback tip={item} />
                  <ReplyBox tip={item} />
                  <p className="text-xs text-muted-foreground">
                    {paymentMethodLabel(t, item.paymentMethod)} · {t.thankYou.id}{' '}
                    <span className="font-mono">{item.id.slice(0, 8)}</span>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Ids that appeared after the first load, each highlighted for NEW_MESSAGE_HIGHLIGHT_MS. */
function useNewItemHighlight(items: EmployeeTip[] | undefined) {
  const known = useRef<Set<string> | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [ids, setIds] = useState<Set<string>>(() => new Set());

  useEffect(() => {
    if (!items) return;
    if (known.current === null) {
      known.current = new Set(items.map((item) => item.id));
      return;
    }
    const fresh = items.filter((item) => !known.current!.has(item.id)).map((item) => item.id);
    for (const id of fresh) known.current.add(id);
    if (fresh.length === 0) return;
    setIds((current) => new Set([...current, ...fresh]));
    for (const id of fresh) {
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setIds((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, NEW_MESSAGE_HIGHLIGHT_MS),
      );
    }
  }, [items]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const dismiss = (id: string) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setIds((current) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  };
  return { ids, dismiss };
}
