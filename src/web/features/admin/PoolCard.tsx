import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import type { PoolAssignedTip, PoolTip } from '../../../shared/api/pool';
import { FEEDBACK_EMOJI_CHARS } from '../../../shared/domain/tips';
import { Button, buttonClasses } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Label, selectClasses } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { formatCents, formatDateTime } from '../../lib/format';
import { adminApi, adminKeys } from './admin-api';
import { PoolDistribution } from './PoolDistribution';
import { scoped, useSelectedBusinessId } from './business-scope';
import { useAdminTexts } from '../../lib/admin-language';

// The pool's schema (zod) loads with a row's first check, not with the dashboard (decision 0410).
const loadPoolAssignSchema = () =>
  import('../../../shared/api/pool').then((module) => module.poolAssignSchema);

/**
 * The confirmation (with the dialog component) is first needed when a person is chosen for a
 * tip: its code loads then, not with the dashboard.
 */
const loadConfirmDialog = () =>
  import('../../components/ui/ConfirmDialog').then((module) => module.ConfirmDialog);
type ConfirmDialogComponent = Awaited<ReturnType<typeof loadConfirmDialog>>;

/** The schema's message for a choice, or undefined when it may be confirmed. */
async function poolChoiceProblem(profileId: string): Promise<string | undefined> {
  const checked = (await loadPoolAssignSchema()).safeParse({ profileId });
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

interface PendingAssignment {
  tip: PoolTip;
  profileId: string;
  personName: string;
}

const poolQuery = (businessId: string | null) =>
  infiniteQueryOptions({
    queryKey: adminKeys.pool(businessId),
    queryFn: ({ pageParam }) => adminApi.pool(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

const staffQuery = (businessId: string | null) => ({
  queryKey: [...adminKeys.users(businessId), ''],
  queryFn: () => adminApi.users(''),
});

/** The card's first answers, asked before the card is shown so it renders once, with its rows. */
export function prefetchPoolCard(client: QueryClient, businessId: string | null) {
  return Promise.all([
    client.prefetchInfiniteQuery(poolQuery(businessId)),
    client.prefetchQuery(staffQuery(businessId)),
  ]);
}

/**
 * The owner's pool on the dashboard: tips that reached nobody, with the guest's
 * words, each given to one person by hand after a confirmation; the list pages with 'Mehr laden'
 * and an assignment can be undone until the next payout.
 */
export function PoolCard() {
  const { shifts: st } = useAdminTexts();
  const t = st.pool;
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const pool = useInfiniteQuery(poolQuery(businessId));
  const staff = useQuery(staffQuery(businessId));
  const people = (staff.data?.items ?? [])
    .filter((person) => person.status === 'active' && person.role !== 'admin')
    .map((person) => ({ value: person.id, label: person.fullName ?? person.email }));
  const [pending, setPending] = useState<PendingAssignment | null>(null);
  // Held in state rather than `React.lazy`, like the session's expiry dialog: no Suspense timers.
  const [ConfirmDialog, setConfirmDialog] = useState<ConfirmDialogComponent | null>(null);
  const choose = (assignment: PendingAssignment) => {
    setPending(assignment);
    if (!ConfirmDialog) {
      loadConfirmDialog().then(
        (component) => setConfirmDialog(() => component),
        (error: unknown) => {
          setPending(null);
          toast({
            title: t.loadFailed,
            description: error instanceof Error ? error.message : undefined,
            variant: 'destructive',
          });
        },
      );
    }
  };
  const [undoing, setUndoing] = useState<string | null>(null);

  const pages = pool.data?.pages ?? [];
  const first = pages[0];
  const seen = new Set<string>();
  // A tip assigned meanwhile moves the later pages: show each tip once.
  const items = pages
    .flatMap((page) => page.items)
    .filter((tip) => !seen.has(tip.id) && Boolean(seen.add(tip.id)));
  const total = first?.total ?? 0;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.pool(businessId) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard(businessId) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditLog(businessId) }),
    ]);

  const assign = async (assignment: PendingAssignment) => {
    try {
      const result = await adminApi.assignPoolTip(assignment.tip.id, assignment.profileId);
      toast({ title: t.assigned(result.personName), variant: 'success' });
      setPending(null);
      await refresh();
    } catch (error) {
      setPending(null);
      toast({
        title: error instanceof ApiError ? error.title : t.loadFailed,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    }
  };

  const undo = async (tip: PoolAssignedTip) => {
    setUndoing(tip.id);
    try {
      await adminApi.unassignPoolTip(tip.id);
      toast({ title: t.undone(formatCents(tip.amountCents, tip.currency)), variant: 'success' });
      await refresh();
    } catch (error) {
      toast({
        title: t.undoFailed,
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
      await refresh();
    } finally {
      setUndoing(null);
    }
  };

  return (
    <Card aria-labelledby="pool-title" data-testid="pool-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="pool-title" className="text-lg">
            {t.title}
          </CardTitle>
          <CardDescription>{t.description}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={scoped('/api/admin/pool/rule-notice.pdf', businessId)}
            download
            className={buttonClasses('outline', 'sm')}
          >
            {t.notice}
          </a>
          <Link to="/admin/shifts" className={buttonClasses('outline', 'sm')}>
            {st.openPlan}
          </Link>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {pool.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {pool.error instanceof ApiError ? pool.error.message : t.loadFailed}
          </p>
        ) : null}
        {first ? (
          <p className="text-sm font-medium" data-testid="pool-total">
            {total === 0 ? t.empty : t.total(total, formatCents(first.totalCents))}
          </p>
        ) : null}
        <ul className="flex flex-col">
          {items.map((tip) => (
            <PoolRow
              key={tip.id}
              tip={tip}
              people={people}
              onChosen={(profileId) =>
                choose({
                  tip,
                  profileId,
                  personName: people.find((p) => p.value === profileId)?.label ?? '',
                })
              }
            />
          ))}
        </ul>
        {pool.hasNextPage ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={pool.isFetchingNextPage}
              aria-busy={pool.isFetchingNextPage}
              onClick={() => void pool.fetchNextPage()}
            >
              {pool.isFetchingNextPage ? t.loadingMore : t.loadMore(total - items.length)}
            </Button>
            <span className="text-sm text-muted-foreground" data-testid="pool-shown">
              {t.shown(items.length, total)}
            </span>
          </div>
        ) : null}
        {first && first.assigned.length > 0 ? (
          <section
            aria-labelledby="pool-assigned-title"
            className="mt-2 flex flex-col gap-2 border-t border-border pt-4"
            data-testid="pool-assigned"
          >
            <h3 id="pool-assigned-title" className="font-semibold">
              {t.assignedTitle}
            </h3>
            <p className="text-sm text-muted-foreground">{t.assignedHint}</p>
            <ul className="flex flex-col">
              {first.assigned.map((tip) => {
                const amount = formatCents(tip.amountCents, tip.currency);
                return (
                  <li
                    key={tip.id}
                    className="flex flex-wrap items-center justify-between gap-2 border-b border-border py-2 last:border-0"
                  >
                    <span className="min-w-0 break-words text-sm">
                      {t.assignedTo(amount, t.place(tip.placeLabel), tip.personName)}
                      <span className="block text-xs text-muted-foreground">
                        {formatDateTime(tip.assignedAt)}
                      </span>
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={undoing !== null}
                      aria-busy={undoing === tip.id}
                      aria-label={t.undoLabel(amount, tip.personName)}
                      onClick={() => void undo(tip)}
                    >
                      {t.undo}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        <PoolDistribution />
      </CardContent>
      {ConfirmDialog ? (
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title={t.confirmTitle}
          description={
            pending
              ? t.confirmText(
                  formatCents(pending.tip.amountCents, pending.tip.currency),
                  t.place(pending.tip.placeLabel),
                  pending.personName,
                )
              : ''
          }
          confirmLabel={t.assign}
          variant="primary"
          onConfirm={() => (pending ? assign(pending) : undefined)}
        />
      ) : null}
    </Card>
  );
}

function PoolRow({
  tip,
  people,
  onChosen,
}: {
  tip: PoolTip;
  people: { value: string; label: string }[];
  /** The person is chosen: the card asks for confirmation before anything is saved. */
  onChosen: (profileId: string) => void;
}) {
  const { shifts: st } = useAdminTexts();
  const t = st.pool;
  const amount = formatCents(tip.amountCents, tip.currency);
  const words = [tip.guestMessage, tip.feedbackMessage].filter(Boolean).map((w) => `„${w}“`);
  return (
    <li
      className="flex flex-col gap-2 border-b border-border py-3 last:border-0 lg:flex-row lg:items-start lg:justify-between"
      data-testid="pool-tip"
    >
      <div className="min-w-0">
        <p className="break-words font-semibold">
          {amount} · {t.place(tip.placeLabel)}
        </p>
        <p className="text-sm text-muted-foreground">{formatDateTime(tip.createdAt)}</p>
        <p className="break-words text-sm italic">
          {tip.feedbackEmoji ? `${FEEDBACK_EMOJI_CHARS[tip.feedbackEmoji]} ` : null}
          {words.length > 0 ? words.join(' ') : tip.feedbackEmoji ? null : t.noMessage}
        </p>
      </div>
      <PoolAssignForm
        label={t.assignLabel(amount, formatDateTime(tip.createdAt))}
        people={people}
        onChosen={onChosen}
      />
    </li>
  );
}

/**
 * A row's choice of a person: one select checked by the pool's schema on submit, then on every
 * change, as `useZodForm` checks (decision 0050). Written without the form library, which would
 * be 13 KB of the dashboard's first load for one select per row; the markup is
 * that of `SelectField` and `SubmitButton`.
 */
function PoolAssignForm({
  label,
  people,
  onChosen,
}: {
  label: string;
  people: { value: string; label: string }[];
  onChosen: (profileId: string) => void;
}) {
  const { shifts: st } = useAdminTexts();
  const t = st.pool;
  const id = useId();
  const errorId = `${id}-error`;
  const [profileId, setProfileId] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const submitted = useRef(false);
  const inFlight = useRef(false);

  const check = async (value: string): Promise<string | undefined> => {
    try {
      const found = await poolChoiceProblem(value);
      setProblem(found);
      return found;
    } catch {
      // The schema could not load (offline): nothing is chosen, the next try loads it again.
      toast({ title: t.loadFailed, variant: 'destructive' });
      return t.loadFailed;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (inFlight.current) return;
    inFlight.current = true;
    submitted.current = true;
    setChecking(true);
    try {
      if ((await check(profileId)) === undefined) onChosen(profileId);
    } finally {
      inFlight.current = false;
      setChecking(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={label}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={(event) => void submit(event)}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{t.assignTo}</Label>
        <select
          className={selectClasses}
          id={id}
          name="profileId"
          value={profileId}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            const value = event.target.value;
            setProfileId(value);
            if (submitted.current) void check(value);
          }}
        >
          <option value="">{st.choosePerson}</option>
          {people.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {problem ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm" className="sm:mt-7" aria-busy={checking} disabled={checking}>
        {checking ? (
          <>
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
            {st.assigning}
          </>
        ) : (
          t.assign
        )}
      </Button>
    </form>
  );
}
