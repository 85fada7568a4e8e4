import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  type InstanceState,
  type JobState,
  SYSTEM_STATUS_REFRESH_MS,
  type SystemInstance,
  type SystemJob,
  type SystemStatus,
} from '../../../../shared/api/system-status';
import { Badge, type BadgeVariant } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useManualRefresh } from '../../../lib/manual-refresh';
import { messageOf } from '../admin-api';
import { AdminPage } from '../AdminPage';
import { formatBytes } from './format-bytes';
import { systemApi, systemKeys } from './system-api';
import { activeAdminTexts, useAdminTexts } from '../../../lib/admin-language';
import { adminSystemPart } from '../../../../shared/i18n/admin-catalogue-system';

const INSTANCE_BADGES: Record<InstanceState, BadgeVariant> = {
  running: 'success',
  stopped: 'outline',
  missing: 'destructive',
};
const JOB_BADGES: Record<JobState, BadgeVariant> = {
  ok: 'success',
  failing: 'destructive',
  never: 'outline',
};

const latencyFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

const when = (
  value: string | null,
  none: string = activeAdminTexts(adminSystemPart).system.jobs.never,
) => (value ? formatDateTime(value) : none);

/**
 * /admin/system ('Systemstatus', decision 0404): the platform admin's view of
 * the whole platform: the instances that reported in the database, the database itself, the
 * periodic jobs, the webhook backlog and reconciliation, the mail outbox and the payment mode.
 * It refreshes itself every 30 seconds while open, and on 'Aktualisieren'.
 */
export function SystemStatusPage() {
  const { system: s } = useAdminTexts(adminSystemPart);
  const status = useQuery({
    queryKey: systemKeys.status,
    queryFn: systemApi.status,
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
  });
  const data = status.data;
  const manual = useManualRefresh(status.refetch);
  return (
    <AdminPage
      title={s.title}
      description={s.description}
      actions={
        <Button
          variant="outline"
          onClick={manual.refresh}
          disabled={manual.refreshing}
          data-testid="system-refresh"
        >
          {manual.refreshing && data ? s.refreshing : s.refresh}
        </Button>
      }
    >
      {status.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(status.error, s.loadFailed)}
        </p>
      ) : null}
      {!data ? (
        status.isError ? null : (
          <Spinner label={s.loading} />
        )
      ) : (
        <SystemStatusView data={data} />
      )}
    </AdminPage>
  );
}

function SystemStatusView({ data }: { data: SystemStatus }) {
  const { system: s } = useAdminTexts(adminSystemPart);
  const { running, expected, missing } = data.instanceSummary;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-muted-foreground" data-testid="system-as-of">
        {s.asOf(formatDateTime(data.generatedAt))}
      </p>
      <Card data-testid="system-instances">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>{s.instances.title}</CardTitle>
            {data.instances.length > 0 ? (
              <Badge variant={running > 0 && missing === 0 ? 'success' : 'destructive'}>
                {expected === 0 ? s.instances.noneExpected : s.instances.running(running, expected)}
              </Badge>
            ) : null}
          </div>
          <CardDescription>{s.instances.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.instances.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {data.database.reachable ? s.instances.empty : s.unavailable}
            </p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {data.instances.map((instance) => (
                <InstanceItem key={instance.id} instance={instance} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <div className="grid min-w-0 gap-4 md:grid-cols-2">
        <DatabaseCard
          database={data.database}
          lastBackup={data.lastBackup}
          generatedAt={data.generatedAt}
        />
        <PaymentsCard mode={data.payments.mode} />
      </div>

      <Card data-testid="system-jobs">
        <CardHeader>
          <CardTitle>{s.jobs.title}</CardTitle>
          <CardDescription>{s.jobs.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3 md:grid-cols-2">
            {data.jobs.map((job) => (
              <JobItem key={job.job} job={job} />
            ))}
          </ul>
        </CardContent>
      </Card>

      <div className="grid min-w-0 gap-4 md:grid-cols-2">
        <WebhooksCard data={data} />
        <MailCard mail={data.mail} />
      </div>
    </div>
  );
}

/** One label and value; the list wraps to one column on narrow phones. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap justify-between gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium">{children}</dd>
    </div>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="flex flex-col gap-1.5">{children}</dl>;
}

function InstanceItem({ instance }: { instance: SystemInstance }) {
  const { system: s } = useAdminTexts(adminSystemPart);
  const i = s.instances;
  return (
    <li
      className="min-w-0 rounded-lg border border-border p-3"
      data-testid={`instance-${instance.hostName}`}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-semibold">{instance.hostName}</span>
        <Badge variant={INSTANCE_BADGES[instance.state]}>{i.states[instance.state]}</Badge>
        {instance.current ? <Badge variant="secondary">{i.current}</Badge> : null}
      </div>
      <Facts>
        <Fact label={i.version}>{instance.version}</Fact>
        <Fact label={i.startedAt}>{formatDateTime(instance.startedAt)}</Fact>
        <Fact label={i.lastSeen}>{formatDateTime(instance.lastSeenAt)}</Fact>
        <Fact label={i.id}>
          <code className="break-all text-xs">{instance.id}</code>
        </Fact>
      </Facts>
      {instance.state === 'missing' ? (
        <p className="mt-2 text-sm text-destructive">
          {i.notSeenSince(formatDateTime(instance.lastSeenAt))}
        </p>
      ) : null}
      {instance.state === 'stopped' && instance.stoppedAt ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {i.stoppedAt(formatDateTime(instance.stoppedAt))}
        </p>
      ) : null}
    </li>
  );
}

function JobItem({ job }: { job: SystemJob }) {
  const { system: s } = useAdminTexts(adminSystemPart);
  const j = s.jobs;
  return (
    <li className="min-w-0 rounded-lg border border-border p-3" data-testid={`job-${job.job}`}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{j.names[job.job]}</span>
        <Badge variant={JOB_BADGES[job.state]}>{j.states[job.state]}</Badge>
      </div>
      <Facts>
        <Fact label={j.lastSuccess}>{when(job.lastSucceededAt)}</Fact>
        <Fact label={j.lastFailure}>{when(job.lastFailedAt)}</Fact>
      </Facts>
      {job.runs > 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{j.failures(job.failures, job.runs)}</p>
      ) : null}
      {job.lastError ? (
        <p className="mt-1 break-words text-sm">
          <span className="text-muted-foreground">{j.error}: </span>
          <code className="text-xs">{job.lastError}</code>
        </p>
      ) : null}
    </li>
  );
}

/** A backup older than this is flagged: the operator guide asks for one a day. */
const BACKUP_FRESH_MS = 26 * 60 * 60 * 1000;

function DatabaseCard({
  database,
  lastBackup,
  generatedAt,
}: {
  database: SystemStatus['database'];
  lastBackup: SystemStatus['lastBackup'];
  generatedAt: string;
}) {
  const { system: s } = useAdminTexts(adminSystemPart);
  const d = s.database;
  return (
    <Card data-testid="system-database">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{d.title}</CardTitle>
          <Badge variant={database.reachable ? 'success' : 'destructive'}>
            {database.reachable ? d.reachable : d.unreachable}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        <Facts>
          <Fact label={d.engine}>{d.engines[database.engine]}</Fact>
          <Fact label={d.latency}>
            {database.latencyMs === null
              ? d.sizeUnknown
              : d.latencyValue(latencyFormat.format(database.latencyMs))}
          </Fact>
          <Fact label={d.size}>
            {database.sizeBytes === null ? d.sizeUnknown : formatBytes(database.sizeBytes)}
          </Fact>
          <Fact label={d.lastBackup}>
            {lastBackup === null ? (
              d.noBackup
            ) : (
              <span data-testid="system-last-backup">
                {d.lastBackupValue(
                  formatDateTime(lastBackup.finishedAt),
                  formatBytes(lastBackup.bytes),
                )}
                {Date.parse(generatedAt) - Date.parse(lastBackup.finishedAt) > BACKUP_FRESH_MS ? (
                  <Badge variant="destructive" className="ml-2">
                    {d.lastBackupOld}
                  </Badge>
                ) : null}
              </span>
            )}
          </Fact>
        </Facts>
      </CardContent>
    </Card>
  );
}

function PaymentsCard({ mode }: { mode: SystemStatus['payments']['mode'] }) {
  const { system: s } = useAdminTexts(adminSystemPart);
  const p = s.payments;
  return (
    <Card data-testid="system-payments">
      <CardHeader>
        <CardTitle>{p.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Facts>
          <Fact label={p.mode}>
            <Badge variant={mode === 'stripe_live' ? 'success' : 'accent'}>{p.modes[mode]}</Badge>
          </Fact>
        </Facts>
        <p className="text-sm text-muted-foreground">{p.note}</p>
      </CardContent>
    </Card>
  );
}

function WebhooksCard({ data }: { data: SystemStatus }) {
  const { system: s } = useAdminTexts(adminSystemPart);
  const w = s.webhooks;
  const hooks = data.webhooks;
  const rec = data.reconciliation;
  return (
    <Card data-testid="system-webhooks">
      <CardHeader>
        <CardTitle>{w.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {!hooks || !rec ? (
          <p className="text-sm text-muted-foreground">{s.unavailable}</p>
        ) : (
          <Facts>
            <Fact label={w.backlog}>{formatNumber(hooks.unprocessed)}</Fact>
            <Fact label={w.withError}>{formatNumber(hooks.withError)}</Fact>
            <Fact label={w.oldest}>{when(hooks.oldestUnprocessedAt, w.none)}</Fact>
            <Fact label={w.stale}>{formatNumber(rec.staleOpenCheckouts)}</Fact>
            <Fact label={w.lastRun}>
              {rec.lastRunAt
                ? `${formatDateTime(rec.lastRunAt)}: ${w.lastResult(rec.lastChecked, rec.lastSettled, rec.lastFailed)}`
                : w.noRun}
            </Fact>
            <Fact label={w.totals}>
              {w.lastResult(rec.totalChecked, rec.totalSettled, rec.totalFailed)}
            </Fact>
          </Facts>
        )}
      </CardContent>
    </Card>
  );
}

function MailCard({ mail }: { mail: SystemStatus['mail'] }) {
  const { system: s } = useAdminTexts(adminSystemPart);
  const m = s.mail;
  return (
    <Card data-testid="system-mail">
      <CardHeader>
        <CardTitle>{m.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {!mail ? (
          <p className="text-sm text-muted-foreground">{s.unavailable}</p>
        ) : (
          <Facts>
            <Fact label={m.pending}>{formatNumber(mail.pending)}</Fact>
            <Fact label={m.failed}>{formatNumber(mail.failed)}</Fact>
            <Fact label={m.oldest}>{when(mail.oldestPendingAt, m.none)}</Fact>
          </Facts>
        )}
      </CardContent>
    </Card>
  );
}
