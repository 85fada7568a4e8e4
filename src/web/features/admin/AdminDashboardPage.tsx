import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useSyncExternalStore } from 'react';
import { Link } from '../../lib/router';
import { Badge } from '../../components/ui/Badge';
import { Card, CardContent } from '../../components/ui/Card';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { formatCents, formatDate, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { Icon, type IconName } from '../public/components/Icon';
import { adminApi, adminKeys } from './admin-api';
import { ADMIN_MENU } from './admin-pages';
import { AdminPage } from './AdminPage';
import { DeferredCard } from './DeferredCard';
import { useSelectedBusinessId } from './business-scope';
import { SetupChecklist } from './setup/SetupChecklist';
import { useAdminTexts } from '../../lib/admin-language';

// The pool and the audit log sit below the menu: their code (with the confirm dialog, the filters
// and the paged query) loads as they come near the screen, not with it.
interface CardModule {
  Card: ComponentType;
  prefetch: (client: QueryClient, businessId: string | null) => Promise<unknown>;
}

const importPoolCard = (): Promise<CardModule> =>
  import('./PoolCard').then((module) => ({
    Card: module.PoolCard,
    prefetch: module.prefetchPoolCard,
  }));
const importAuditLogCard = (): Promise<CardModule> =>
  import('./AuditLogCard').then((module) => ({
    Card: module.AuditLogCard,
    prefetch: module.prefetchAuditLogCard,
  }));

/** A card below the menu: its code and first answers arrive together, so it renders once, whole. */
function BelowMenuCard({
  importCard,
  minHeight,
}: {
  importCard: () => Promise<CardModule>;
  minHeight: string;
}) {
  const businessId = useSelectedBusinessId();
  const load = useCallback(
    (client: QueryClient) =>
      importCard().then(async ({ Card, prefetch }) => {
        await prefetch(client, businessId);
        return Card;
      }),
    [importCard, businessId],
  );
  return <DeferredCard load={load} minHeight={minHeight} />;
}

function PoolCard() {
  return <BelowMenuCard importCard={importPoolCard} minHeight="min-h-[8.5rem]" />;
}

function AuditLogCard() {
  return <BelowMenuCard importCard={importAuditLogCard} minHeight="min-h-[20rem]" />;
}

/** Tailwind's `lg` breakpoint: below it the dashboard is one column. */
const WIDE = '(min-width: 1024px)';

/** Whether the screen is wide; phones read the audit log before the pool. */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * /admin/dashboard (spec §2): welcome, a new business's set-up checklist, three real figures, the
 * menu, the audit log, security.
 */
export function AdminDashboardPage() {
  const { admin: adminTexts, common: commonTexts } = useAdminTexts();
  const t = adminTexts.dashboard;
  const session = useSession();
  const businessId = useSelectedBusinessId();
  const wide = useWideScreen();
  const figures = useQuery({
    queryKey: adminKeys.dashboard(businessId),
    queryFn: adminApi.dashboard,
  });
  useEffect(() => {
    if (figures.isError) {
      toast({
        title: adminTexts.toasts.errorTitle,
        description: adminTexts.toasts.loadFailed,
        variant: 'destructive',
      });
    }
  }, [adminTexts.toasts.errorTitle, adminTexts.toasts.loadFailed, figures.isError]);

  const name = session.profile?.fullName?.trim() || session.profile?.email || '';
  const data = figures.data;
  return (
    <AdminPage
      title={t.title}
      description={
        <>
          <span className="block font-medium text-foreground">
            {session.firstSignIn ? t.welcomeFirst(name) : t.welcome(name)}
          </span>
          {t.welcomeText}
        </>
      }
    >
      <SetupChecklist />

      <section aria-label={adminTexts.shell.figures} className="grid gap-4 sm:grid-cols-3">
        <StatTile
          icon="users"
          label={t.tiles.employees}
          value={data ? formatNumber(data.activeEmployees) : null}
          hint={t.tiles.employeesHint}
          testId="stat-employees"
        />
        <StatTile
          icon="qr"
          label={t.tiles.qrCodes}
          value={data ? formatNumber(data.activeQrCodes) : null}
          hint={t.tiles.qrCodesHint}
          testId="stat-qr-codes"
        />
        <StatTile
          icon="euro"
          label={t.tiles.tips}
          value={
            data ? formatCents(data.tipsThisMonth.amountCents, data.tipsThisMonth.currency) : null
          }
          hint={
            data
              ? t.tiles.tipsHint(data.tipsThisMonth.count, formatDate(data.tipsThisMonth.since))
              : ''
          }
          testId="stat-tips"
        />
      </section>

      <section aria-labelledby="admin-menu-title" className="flex flex-col gap-3">
        <h2 id="admin-menu-title" className="text-lg font-semibold">
          {t.menuTitle}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {ADMIN_MENU.map((page) => (
            <li key={page.path}>
              {page.available ? (
                <Link
                  to={page.path}
                  className="group flex h-full flex-col gap-2 rounded-lg border border-border bg-card p-5 shadow-sm transition hover:border-primary focus-visible:border-primary"
                >
                  <Icon name={page.icon} className="h-6 w-6 text-primary" />
                  <span className="font-semibold">{page.title}</span>
                  <span className="text-sm text-muted-foreground">{page.description}</span>
                </Link>
              ) : (
                <div
                  aria-disabled="true"
                  className="flex h-full flex-col gap-2 rounded-lg border border-dashed border-border bg-card p-5 opacity-80"
                >
                  <Icon name={page.icon} className="h-6 w-6 text-muted-foreground" />
                  <span className="font-semibold">{page.title}</span>
                  <span className="text-sm text-muted-foreground">{page.description}</span>
                  <Badge variant="outline" className="self-start">
                    {commonTexts.comingSoon}
                  </Badge>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      {/* In reading order on either screen: on a phone the pool comes after the audit log. */}
      {wide ? <PoolCard /> : null}

      <AuditLogCard />

      {wide ? null : <PoolCard />}

      <section
        aria-labelledby="security-notice-title"
        className="flex gap-4 rounded-lg border border-accent bg-card p-5 shadow-sm"
      >
        <Icon name="shield" className="mt-0.5 h-6 w-6 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 id="security-notice-title" className="text-lg font-semibold">
            {t.securityTitle}
          </h2>
          <p className="text-muted-foreground">{t.securityText}</p>
        </div>
      </section>
    </AdminPage>
  );
}

function StatTile({
  icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: IconName;
  label: string;
  value: string | null;
  hint: string;
  testId: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-start gap-4 pt-5">
        <span className="rounded-lg bg-muted p-2.5">
          <Icon name={icon} className="h-6 w-6 text-primary" />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p
            className={cn(
              'text-2xl font-bold tabular-nums',
              value === null && 'text-muted-foreground',
            )}
            data-testid={testId}
            aria-busy={value === null}
          >
            {value ?? '–'}
          </p>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
      </CardContent>
    </Card>
  );
}
