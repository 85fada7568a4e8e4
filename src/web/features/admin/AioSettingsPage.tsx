import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type IntegrationSettings,
  integrationSettingsUpdateSchema,
} from '../../../shared/api/integration';
import { TextField } from '../../components/form/fields';
import { useZodForm } from '../../components/form/form';
import { Badge, type BadgeVariant } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { formatDateTime } from '../../lib/format';
import { adminApi, adminKeys, messageOf } from './admin-api';
import { AdminPage } from './AdminPage';
import { InlineSettingsForm } from './InlineSettingsForm';
import { useSelectedBusinessId } from './business-scope';
import { useAdminTexts } from '../../lib/admin-language';
import { adminPointsPart } from '../../../shared/i18n/admin-catalogue-points';

const STATUS_BADGES: Record<IntegrationSettings['connectionStatus'], BadgeVariant> = {
  untested: 'outline',
  connected: 'success',
  error: 'destructive',
};

/** /admin/aio-settings (spec §2 integration settings), persisted per business on the server. */
export function AioSettingsPage() {
  const {
    labels: { connectionStatus: CONNECTION_STATUS_LABELS },
  } = useAdminTexts(adminPointsPart);
  const { admin: adminTexts, common: commonTexts } = useAdminTexts(adminPointsPart);
  const a = adminTexts.aio;
  const toasts = adminTexts.toasts;
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const key = adminKeys.integration(businessId);
  const settings = useQuery({ queryKey: key, queryFn: adminApi.integration });
  useEffect(() => {
    if (settings.isError) {
      toast({ title: toasts.errorTitle, description: toasts.loadFailed, variant: 'destructive' });
    }
  }, [settings.isError, toasts.errorTitle, toasts.loadFailed]);
  const store = (next: IntegrationSettings) => queryClient.setQueryData(key, next);

  const test = useMutation({
    mutationFn: adminApi.testIntegration,
    onSuccess: (next) => {
      store(next);
      toast(
        next.connectionStatus === 'connected'
          ? { title: a.testOk, variant: 'success' }
          : {
              title: a.testFailed,
              description: next.lastError ?? undefined,
              variant: 'destructive',
            },
      );
    },
    onError: (error) =>
      toast({
        title: toasts.errorTitle,
        description: messageOf(error, toasts.loadFailed),
        variant: 'destructive',
      }),
  });
  const reset = useMutation({
    mutationFn: adminApi.resetIntegration,
    onSuccess: (next) => {
      store(next);
      toast({ title: a.resetDone, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: toasts.errorTitle,
        description: messageOf(error, toasts.loadFailed),
        variant: 'destructive',
      }),
  });

  const data = settings.data;
  return (
    <AdminPage title={a.title} description={a.description}>
      {!data ? (
        <Spinner label={commonTexts.loading} />
      ) : (
        <>
          {!data.configured ? (
            <p role="note" className="rounded-lg border border-warning p-4 text-sm">
              {a.notConfigured}
            </p>
          ) : null}
          <Card>
            <CardHeader className="gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
              <CardTitle>{a.status}</CardTitle>
              <Badge variant={STATUS_BADGES[data.connectionStatus]} data-testid="aio-status">
                {CONNECTION_STATUS_LABELS[data.connectionStatus]}
              </Badge>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {data.lastTestedAt ? (
                <p className="text-sm text-muted-foreground">
                  {a.lastTested(formatDateTime(data.lastTestedAt))}
                </p>
              ) : null}
              {data.lastError ? (
                <p className="text-sm text-destructive" data-testid="aio-error">
                  {data.lastError}
                </p>
              ) : null}
              {/* Keyed by the stored value, so a reset or a switched business refills the field. */}
              <TenantForm key={`${businessId}:${data.tenantId}`} settings={data} onSaved={store} />
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  disabled={test.isPending}
                  aria-busy={test.isPending}
                  onClick={() => test.mutate()}
                >
                  {test.isPending ? a.testing : a.test}
                </Button>
                <Button variant="outline" disabled={reset.isPending} onClick={() => reset.mutate()}>
                  {a.reset}
                </Button>
              </div>
            </CardContent>
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">{a.secretTitle}</CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription>{a.secretText}</CardDescription>
              </CardContent>
            </Card>
            <Card>
              <CardHeader className="gap-2">
                <CardTitle className="text-base">{a.syncTitle}</CardTitle>
                <Badge variant={data.syncEnabled ? 'success' : 'outline'} className="self-start">
                  {data.syncEnabled ? a.syncEnabled : a.syncDisabled}
                </Badge>
              </CardHeader>
              <CardContent>
                <CardDescription>{a.syncText}</CardDescription>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </AdminPage>
  );
}

function TenantForm({
  settings,
  onSaved,
}: {
  settings: IntegrationSettings;
  onSaved: (next: IntegrationSettings) => void;
}) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const a = adminTexts.aio;
  const form = useZodForm(integrationSettingsUpdateSchema, {
    defaultValues: { tenantId: settings.tenantId },
  });
  return (
    <InlineSettingsForm
      form={form}
      save={adminApi.saveIntegration}
      onSaved={onSaved}
      savedTitle={a.saved}
      submitLabel={a.save}
    >
      <TextField
        name="tenantId"
        label={a.tenant}
        hint={a.tenantHint(settings.defaultTenantId)}
        required
        autoComplete="off"
        spellCheck={false}
        className="min-w-0 flex-1"
      />
    </InlineSettingsForm>
  );
}
