import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import type { EmployeeTip } from '../../../shared/api/employee';
import { Badge } from '../../components/ui/Badge';
import { isStaffManager } from '../../../shared/domain/roles';
import type { StatsPeriod } from '../../../shared/domain/constants';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Menu } from '../../components/ui/Menu';
import { Spinner } from '../../components/ui/Spinner';
import { Tabs } from '../../components/ui/Tabs';
import { sessionEndNoticeOf } from '../../lib/session-end-notice';
import { initials } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useOnline } from '../../lib/pwa';
import { useSession } from '../../lib/session';
import { servedWithPage } from '../../lib/page-boot';
import { SignOutButton } from '../auth/SignOutButton';
import { employeeApi, employeeKeys } from './employee-api';
import { useBerlinDay } from './use-berlin-day';
import { NewTipNotice } from './NewTipNotice';
import { OwnerSetupNotice } from './OwnerSetupNotice';
import { ThankYouPanel } from './ThankYouPanel';
import { TodayCard } from './TodayTab';
import { connectTipStream, type StreamState } from './tip-stream';
import { useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

// The settings form (and the zod schemas it validates with) loads when it is first opened, not
// with the dashboard's first screen (decision 0410).
const SettingsDialog = lazy(() =>
  import('./SettingsDialog').then((module) => ({ default: module.SettingsDialog })),
);
// The tabs behind the first one load when opened: the QR code generator, the statistics and the
// date library they bring are not part of the first screen.
const StatsPanel = lazy(() =>
  import('./StatsPanel').then((module) => ({ default: module.StatsPanel })),
);
const HistoryList = lazy(() =>
  import('./HistoryTab').then((module) => ({ default: module.HistoryList })),
);
const TeamTab = lazy(() => import('./TeamTab').then((module) => ({ default: module.TeamTab })));
const QrTab = lazy(() => import('./QrTab').then((module) => ({ default: module.QrTab })));

/** A tab's content while its chunk loads (once per session; the service worker keeps it). */
function TabLoading() {
  return <Spinner label={useStaffTexts().common.loading} />;
}

type TabKey = 'today' | 'messages' | 'history' | 'stats' | 'team' | 'qr';

/**
 * Keeps the dashboard live: a tip change refetches what is on screen; a reconnect catches up.
 * `onPaid` hears the id of each tip that has just been paid.
 */
function useLiveTips(onPaid: (tipId: string) => void): StreamState {
  const queryClient = useQueryClient();
  const session = useSession();
  const [state, setState] = useState<StreamState>('connecting');
  // The messages came with the page's HTML: the stream tells what changed since (decision 0420).
  const [since] = useState(() => servedWithPage(employeeKeys.messages));
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    return connectTipStream(
      '/api/employee/stream',
      {
        onTip: (event) => {
          if (event.status === 'pending') onPaid(event.tipId);
          refresh();
        },
        onOpen: (reconnected) => {
          if (reconnected) refresh();
        },
        onCatchUpMissed: refresh,
        onState: setState,
        onSessionEnded: (reason) => {
          if (reason && reason !== 'session_expired') {
            // Someone else ended it (the business was suspended, the password changed, …): the
            // login page says why until dismissed (decision 0505).
            void session.signOut('user', sessionEndNoticeOf(reason));
          } else {
            void session.signOut('timeout');
          }
        },
      },
      since,
    );
    // The stream lives as long as the page; the session object changes on every profile edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);
  return state;
}

/**
 * The tip to announce: a tip paid while the page is open, once its details have arrived with the
 * refetch the live event started. Each tip is announced once (feedback added later sends another
 * event for the same tip).
 */
function useNewTipNotice(known: readonly (EmployeeTip[] | undefined)[]) {
  const waiting = useRef(new Set<string>());
  const announced = useRef(new Set<string>());
  const [tip, setTip] = useState<EmployeeTip | null>(null);
  const onPaid = useCallback((tipId: string) => {
    if (!announced.current.has(tipId)) waiting.current.add(tipId);
  }, []);
  const close = useCallback(() => setTip(null), []);
  useEffect(() => {
    if (waiting.current.size === 0) return;
    for (const item of known.flatMap((list) => list ?? [])) {
      if (!waiting.current.delete(item.id)) continue;
      announced.current.add(item.id);
      setTip(item);
    }
    // The lists themselves are the trigger; `known` is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, known);
  return { tip, onPaid, close };
}

export function EmployeeDashboardPage() {
  const t = useStaffTexts(staffDashboardPart).employee;
  usePageTitle(t.pageTitle);
  const session = useSession();
  const profile = session.profile;
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('today');
  const [historyPeriod, setHistoryPeriod] = useState<StatsPeriod>('week');
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it keeps its closing behaviour (focus return).
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  if (settingsOpen && !settingsLoaded) setSettingsLoaded(true);
  const day = useBerlinDay();
  const online = useOnline();

  const today = useQuery({
    queryKey: employeeKeys.today(day.toISOString()),
    queryFn: () => employeeApi.today(day),
  });
  const messages = useQuery({ queryKey: employeeKeys.messages, queryFn: employeeApi.messages });
  const notice = useNewTipNotice([today.data?.pending, today.data?.paid, messages.data?.items]);
  const live = useLiveTips(notice.onPaid);
  const markSeen = useMutation({
    mutationFn: employeeApi.markMessagesSeen,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: employeeKeys.messages }),
  });
  const newCount = markSeen.isPending ? 0 : (messages.data?.newCount ?? 0);

  const openMessages = () => {
    setTab('messages');
    if (newCount > 0) markSeen.mutate();
  };

  const panel = (
    <ThankYouPanel
      items={messages.data?.items}
      newCount={newCount}
      loading={messages.isPending}
      refreshing={messages.isFetching}
      onRefresh={() => void messages.refetch()}
    />
  );

  const items = [
    {
      key: 'today' as const,
      label: t.tabs.today,
      content: (
        <div className="grid gap-4 lg:grid-cols-2">
          <TodayCard
            today={today.data}
            loading={today.isPending}
            onShowAll={() => {
              // The full list of today's tips: the history of the last day.
              setHistoryPeriod('day');
              setTab('history');
            }}
          />
          {/* Below the day's tips on a phone: it comes once their height is known, rather than
              being pushed down by them (layout shift). */}
          {today.isPending ? null : panel}
        </div>
      ),
    },
    {
      key: 'messages' as const,
      label: t.tabs.messages,
      content: (
        <div className="grid gap-4 lg:grid-cols-2">
          {panel}
          <Suspense fallback={<TabLoading />}>
            <HistoryList withMessage title={t.messagesTab.title} emptyText={t.messagesTab.empty} />
          </Suspense>
        </div>
      ),
    },
    {
      key: 'history' as const,
      label: t.tabs.history,
      content: (
        <Suspense fallback={<TabLoading />}>
          <HistoryList
            key={historyPeriod}
            title={t.history.title}
            emptyText={t.history.empty}
            initialPeriod={historyPeriod}
          />
        </Suspense>
      ),
    },
    {
      key: 'stats' as const,
      label: t.tabs.stats,
      content: (
        <Suspense fallback={<TabLoading />}>
          <StatsPanel />
        </Suspense>
      ),
    },
    {
      key: 'team' as const,
      label: t.tabs.team,
      content: (
        <Suspense fallback={<TabLoading />}>
          <TeamTab />
        </Suspense>
      ),
    },
    {
      key: 'qr' as const,
      label: t.tabs.qr,
      content: (
        <Suspense fallback={<TabLoading />}>
          <QrTab name={profile?.fullName ?? null} />
        </Suspense>
      ),
    },
  ];

  const name = profile?.fullName?.trim() || t.fallbackName;
  // An owner or admin reached this page through 'Mitarbeiter-Ansicht': offer the way back.
  const manager = profile ? isStaffManager(profile.role) : false;
  return (
    <main className="mx-auto flex min-h-dvh max-w-6xl flex-col gap-6 p-4 sm:p-6">
      {/* One compact row on a phone too: the actions fold into a menu below 640 px. */}
      <header className="flex items-center gap-3 sm:gap-4" data-testid="dashboard-header">
        {profile?.profileImageUrl ? (
          <img
            src={profile.profileImageUrl}
            alt=""
            className="h-11 w-11 shrink-0 rounded-full border border-border object-cover sm:h-14 sm:w-14"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground sm:h-14 sm:w-14 sm:text-xl"
            data-testid="avatar-initials"
          >
            {initials(profile?.fullName)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="[overflow-wrap:anywhere] text-lg font-bold sm:text-2xl">
            {t.welcome(name)}
          </h1>
          {profile?.jobTitle ? (
            <p className="truncate text-sm text-muted-foreground sm:text-base">
              {profile.jobTitle}
            </p>
          ) : null}
          {/* One line of its own, always there: the live state and the new-messages badge arrive
              after the first paint and must not move the header or narrow the name (layout shift).
              The badge keeps to the line's end, so neither moves the other whichever comes first. */}
          <div className="flex min-h-6 flex-wrap items-center gap-x-2">
            <p
              className="text-xs text-muted-foreground"
              aria-live="polite"
              data-testid="live-state"
            >
              {!online
                ? t.live.offline
                : live === 'open'
                  ? t.live.connected
                  : live === 'reconnecting'
                    ? t.live.reconnecting
                    : ''}
            </p>
            {newCount > 0 ? (
              <button
                type="button"
                onClick={openMessages}
                aria-label={t.newMessagesButton(newCount)}
                className="ml-auto inline-flex min-h-6 items-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Badge variant="destructive" data-testid="new-message-badge">
                  {t.newMessagesBadge(newCount)}
                </Badge>
              </button>
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            {manager ? (
              <Link to="/admin/dashboard" className={buttonClasses('outline')}>
                {t.adminConsole}
              </Link>
            ) : null}
            <Button variant="outline" onClick={() => setSettingsOpen(true)}>
              {t.settings}
            </Button>
            <SignOutButton />
          </div>
          <div className="sm:hidden">
            <Menu
              label={t.menu}
              trigger={t.menu}
              variant="outline"
              items={[
                ...(manager
                  ? [{ kind: 'link' as const, label: t.adminConsole, href: '/admin/dashboard' }]
                  : []),
                { label: t.settings, onSelect: () => setSettingsOpen(true) },
                { label: t.signOut, onSelect: () => void session.signOut('user') },
              ]}
            />
          </div>
        </div>
      </header>
      {/* A new owner's next set-up step and the way to the console come first (decision 0512). */}
      {profile?.role === 'business_owner' ? <OwnerSetupNotice /> : null}
      {online ? null : (
        <div
          role="status"
          data-testid="offline-notice"
          className="rounded-lg border-2 border-warning bg-card p-3 text-card-foreground"
        >
          <p className="font-semibold">{t.offline.title}</p>
          <p className="text-sm text-muted-foreground">{t.offline.text}</p>
        </div>
      )}
      <Tabs
        label={t.pageTitle}
        items={items}
        value={tab}
        onValueChange={(next) => (next === 'messages' ? openMessages() : setTab(next))}
      />
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
        </Suspense>
      )}
      <NewTipNotice tip={notice.tip} onClose={notice.close} />
    </main>
  );
}
