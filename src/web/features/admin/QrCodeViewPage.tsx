import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '../../lib/router';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { FormField } from '../../components/ui/FormField';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { CodeView } from '../employee/QrTab';
import { useSelectedBusinessId } from './business-scope';
import { paymentPointQrApi, paymentPointQrKeys } from './payment-points/qr-api';
import { useAdminTexts } from '../../lib/admin-language';
import { adminPointsPart } from '../../../shared/i18n/admin-catalogue-points';

function EmployeeQr({
  businessId,
  employeeId,
  name,
}: {
  businessId: string | null;
  employeeId: string;
  name: string;
}) {
  const { qr: qrAdminTexts } = useAdminTexts(adminPointsPart);
  const t = qrAdminTexts.overview;
  const queryClient = useQueryClient();
  const key = paymentPointQrKeys.card(businessId, employeeId);
  const card = useQuery({
    queryKey: key,
    queryFn: () => paymentPointQrApi.card(businessId, employeeId),
  });
  const create = useMutation({
    mutationFn: () => paymentPointQrApi.create(businessId, employeeId),
    onSuccess: (created) => {
      queryClient.setQueryData(key, created);
      toast({ ...t.toasts.created, variant: 'success' });
    },
    onError: (error) =>
      toast({
        title: t.toasts.createFailed,
        description: error instanceof ApiError && error.status < 500 ? error.message : undefined,
        variant: 'destructive',
      }),
  });
  useEffect(() => {
    if (card.isError) toast({ title: t.toasts.qrFailed, variant: 'destructive' });
  }, [card.isError, t.toasts.qrFailed]);

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <CardTitle>{name}</CardTitle>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void card.refetch()}
          disabled={card.isFetching}
        >
          {t.refresh}
        </Button>
      </CardHeader>
      <CardContent>
        {card.isPending ? (
          <Spinner />
        ) : card.isError ? (
          <p role="alert" className="text-destructive">
            {t.toasts.qrFailed}
          </p>
        ) : card.data.source === 'none' ? (
          <div className="flex flex-col items-center gap-3 py-4 text-center">
            <p className="text-lg font-semibold">{t.emptyTitle}</p>
            <p className="text-muted-foreground">{t.emptyHint}</p>
            <Button
              onClick={() => create.mutate()}
              disabled={create.isPending}
              aria-busy={create.isPending}
            >
              {create.isPending ? t.creating : t.create}
            </Button>
          </div>
        ) : (
          <CodeView card={card.data} name={name} />
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/qr-code-view (spec §2 "QR overview"): the active QR code of each employee. */
export function QrCodeViewPage() {
  const { qr: qrAdminTexts } = useAdminTexts(adminPointsPart);
  const t = qrAdminTexts.overview;
  usePageTitle(t.title);
  const businessId = useSelectedBusinessId();
  const [employeeId, setEmployeeId] = useState('');
  const staff = useQuery({
    queryKey: paymentPointQrKeys.employees(businessId),
    queryFn: () => paymentPointQrApi.employees(businessId),
  });
  useEffect(() => {
    if (staff.isError) toast({ title: t.toasts.staffFailed, variant: 'destructive' });
  }, [staff.isError, t.toasts.staffFailed]);
  useEffect(() => setEmployeeId(''), [businessId]);
  const employee = staff.data?.items.find((item) => item.id === employeeId);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <Link to="/admin" className="self-start text-sm text-primary underline underline-offset-4">
        ← {qrAdminTexts.backToDashboard}
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          {staff.isPending ? (
            <Spinner />
          ) : staff.isError ? (
            <p role="alert" className="text-destructive">
              {t.toasts.staffFailed}
            </p>
          ) : staff.data.items.length === 0 ? (
            <p className="text-muted-foreground">{t.noEmployees}</p>
          ) : (
            <FormField id="qr-view-employee" label={t.employee}>
              {(a11y) => (
                <select
                  {...a11y}
                  value={employeeId}
                  onChange={(event) => setEmployeeId(event.target.value)}
                  className="h-11 w-full rounded-lg border border-input bg-card px-3 text-base"
                >
                  <option value="">{t.choose}</option>
                  {staff.data.items.map((item) => (
                    <option key={item.id} value={item.id}>
                      {t.option(item.fullName ?? item.email, item.jobTitle)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {employee ? (
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">{t.email}</dt>
                <dd className="break-all" data-testid="qr-view-email">
                  {employee.email}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t.jobTitle}</dt>
                <dd data-testid="qr-view-job-title">{employee.jobTitle ?? t.noJobTitle}</dd>
              </div>
            </dl>
          ) : null}
        </CardContent>
      </Card>
      {employee ? (
        <EmployeeQr
          key={employee.id}
          businessId={businessId}
          employeeId={employee.id}
          name={employee.fullName ?? employee.email}
        />
      ) : null}
    </div>
  );
}
