import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { InvoiceList } from '../../../../shared/api/invoices';
import {
  BILLING_COUNTRIES,
  planCheckoutSchema,
  type PlanCheckoutInput,
  type PlanState,
} from '../../../../shared/api/plans';
import { PRO_FEATURES, proMonthlyPrice } from '../../../../shared/domain/plans';
import { adminPlanPart } from '../../../../shared/i18n/admin-catalogue-plan';
import { FormError, SelectField, SubmitButton, TextField } from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClasses } from '../../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/Table';
import { toast } from '../../../components/ui/toast-store';
import { useAdminTexts } from '../../../lib/admin-language';
import { api } from '../../../lib/api';
import { formatBerlinDate as formatDate, formatCents } from '../../../lib/format';
import { usePublicConfig } from '../../public/queries';
import { messageOf } from '../admin-api';
import { AdminPage } from '../AdminPage';
import { scoped, useSelectedBusinessId } from '../business-scope';
import { ProMark } from './ProNotice';
import { planApi, planKeys, usePlan } from './plan-api';

const COUNTRY_OPTIONS = Object.entries(BILLING_COUNTRIES).map(([value, label]) => ({
  value,
  label,
}));

/** /admin/tarif: the plan, the trial, booking, cancelling and the invoices (decision 0610). */
export function TarifPage() {
  const { plan: t, pro } = useAdminTexts(adminPlanPart);
  const plan = usePlan();
  const client = useQueryClient();
  const businessId = useSelectedBusinessId();
  const [confirmCancel, setConfirmCancel] = useState(false);

  // Back from the provider's checkout: say how it went, once, and drop the marker.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('buchung');
    if (!outcome) return;
    if (outcome === 'erfolgreich') {
      toast({ title: t.bookingDone, description: t.bookingDoneBody, variant: 'success' });
    } else if (outcome === 'abgebrochen') {
      toast({ title: t.bookingCancelled });
    }
    params.delete('buchung');
    const rest = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
  }, [t]);

  const change = useMutation({
    mutationFn: (run: () => Promise<PlanState>) => run(),
    onSuccess: (next) => client.setQueryData(planKeys.plan(businessId), next),
    onError: (error) => toast({ title: messageOf(error, t.changeFailed), variant: 'destructive' }),
  });

  if (plan.isPending) {
    return (
      <AdminPage title={t.title} description={t.description}>
        <Spinner />
      </AdminPage>
    );
  }
  if (!plan.data) {
    return (
      <AdminPage title={t.title} description={t.description}>
        <p role="alert">{t.loadFailed}</p>
      </AdminPage>
    );
  }
  const state = plan.data;
  const paying = state.source === 'paid' || state.source === 'grace';

  return (
    <AdminPage title={t.title} description={t.description}>
      <Card>
        <CardHeader>
          <CardTitle>
            {t.current}: <span data-testid="plan-name">{t.planNames[state.plan]}</span>
            {state.plan === 'pro' ? <ProMark /> : null}
          </CardTitle>
          <CardDescription data-testid="plan-state">{stateSentence(state, t)}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {state.source === 'grace' ? (
            <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
              {t.states.grace(formatDate(state.graceEndsAt!))}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {t.sharedPoints(state.sharedPoints.used, state.sharedPoints.allowance)}
          </p>
          {paying && state.paymentProvider ? (
            <p className="text-sm" data-testid="payment-method">
              {t.paymentMethod[state.paymentProvider]}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {state.trialAvailable ? (
              <Button
                onClick={() =>
                  change.mutate(async () => {
                    const next = await planApi.startTrial();
                    toast({
                      title: t.trialStarted,
                      description: t.trialStartedBody(formatDate(next.trialEndsAt!)),
                      variant: 'success',
                    });
                    return next;
                  })
                }
                disabled={change.isPending}
              >
                {t.startTrial}
              </Button>
            ) : null}
            {paying && !state.cancelAtPeriodEnd ? (
              <Button variant="outline" onClick={() => setConfirmCancel(true)}>
                {t.cancel}
              </Button>
            ) : null}
            {paying && state.cancelAtPeriodEnd ? (
              <Button
                variant="outline"
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(async () => {
                    const next = await planApi.resume();
                    toast({ title: t.resumed, variant: 'success' });
                    return next;
                  })
                }
              >
                {t.resume}
              </Button>
            ) : null}
            <DemoSubscriptionLink show={paying} label={t.demoSubscription} />
            {paying && state.paymentProvider === 'stripe' ? <PaymentMethodButton /> : null}
          </div>
          {state.trialAvailable ? (
            <p className="text-sm text-muted-foreground">{t.trialNote}</p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t.includesTitle}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="plan-basis">
            <h2 id="plan-basis" className="font-semibold">
              {t.planNames.basis} · {t.basisPrice}
            </h2>
            <ul className="mt-2 list-disc pl-5 text-sm">
              {t.basisIncludes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="plan-pro">
            <h2 id="plan-pro" className="font-semibold">
              {t.planNames.pro} · {t.proPrice(formatCents(state.priceCentsPerLocation, 'eur'))}
            </h2>
            <p className="mt-2 text-sm">{t.proIncludes}</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {PRO_FEATURES.map((feature) => (
                <li key={feature}>{pro.featureNames[feature]}</li>
              ))}
            </ul>
          </section>
        </CardContent>
      </Card>

      {paying ? null : <BookingCard locations={state.locations} />}

      <InvoicesCard />

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t.cancelTitle}
        description={t.cancelBody(
          state.currentPeriodEnd ? formatDate(state.currentPeriodEnd) : '–',
        )}
        confirmLabel={t.cancelConfirm}
        onConfirm={async () => {
          try {
            const next = await planApi.cancel();
            client.setQueryData(planKeys.plan(businessId), next);
            toast({ title: t.cancelled, variant: 'success' });
            setConfirmCancel(false);
          } catch (error) {
            toast({
              title: messageOf(error, t.changeFailed),
              variant: 'destructive',
            });
          }
        }}
      />
    </AdminPage>
  );
}

type PlanTexts = ReturnType<typeof useAdminTexts<typeof adminPlanPart.de>>['plan'];

/** The sentence under the plan's name: why the business has what it has, and until when. */
function stateSentence(state: PlanState, t: PlanTexts): string {
  const day = (value: string | null) => (value ? formatDate(value) : '–');
  switch (state.source) {
    case 'trial':
      return t.states.trial(day(state.trialEndsAt));
    case 'granted':
      return t.states.granted(day(state.grantedUntil));
    case 'grace':
      return t.states.paid(locationsText(state.locations, t));
    case 'paid':
      return `${t.states.paid(locationsText(state.locations, t))} ${
        state.cancelAtPeriodEnd
          ? t.states.cancelled(day(state.currentPeriodEnd))
          : t.states.paidNext(day(state.currentPeriodEnd))
      }`;
    default:
      return t.states.none;
  }
}

function locationsText(locations: number, t: PlanTexts): string {
  return t.locationCount(locations);
}

/** In the demo, the provider's page that plays the subscription's life. */
function DemoSubscriptionLink({ show, label }: { show: boolean; label: string }) {
  const config = usePublicConfig();
  if (!show || config.data?.paymentProvider !== 'demo') return null;
  return (
    <a href={scoped('/billing/demo/subscription')} className={buttonClasses('ghost')}>
      {label}
    </a>
  );
}

/** 'Zahlungsmethode ändern': off to Stripe's Customer Portal, which comes back to 'Tarif'. */
function PaymentMethodButton() {
  const { plan: t } = useAdminTexts(adminPlanPart);
  const open = useMutation({
    mutationFn: planApi.portal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({ title: messageOf(error, t.changePaymentMethodFailed), variant: 'destructive' }),
  });
  return (
    <Button variant="outline" disabled={open.isPending} onClick={() => open.mutate()}>
      {t.changePaymentMethod}
    </Button>
  );
}

/** 'Pro buchen': locations and the invoice recipient, the price before paying, then checkout. */
function BookingCard({ locations }: { locations: number }) {
  const { plan: t } = useAdminTexts(adminPlanPart);
  const form = useZodForm(planCheckoutSchema, {
    defaultValues: {
      locations,
      name: '',
      street: '',
      postalCode: '',
      city: '',
      countryCode: 'DE',
      vatId: '',
      email: '',
    } satisfies PlanCheckoutInput,
  });
  const chosen = useWatch({ control: form.control, name: 'locations' });
  const price = proMonthlyPrice(Number.isInteger(chosen) && chosen > 0 ? chosen : 1);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {t.bookTitle}
          <ProMark />
        </CardTitle>
        <CardDescription>{t.bookDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          className="flex flex-col gap-4"
          onSubmit={async (values) => {
            const started = await api.post<{ checkoutUrl: string }>(
              scoped('/api/admin/plan/checkout'),
              values,
            );
            window.location.assign(started.checkoutUrl);
          }}
        >
          <FormError />
          <TextField
            name="locations"
            label={t.locations}
            hint={t.locationsHint}
            type="number"
            min={1}
            inputMode="numeric"
            required
            className="sm:w-48"
            registerOptions={{ valueAsNumber: true }}
          />
          <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>{t.priceLines.net}</dt>
            <dd className="text-right tabular-nums" data-testid="price-net">
              {formatCents(price.netCents, 'eur')}
            </dd>
            <dt>{t.priceLines.vat(19)}</dt>
            <dd className="text-right tabular-nums">{formatCents(price.vatCents, 'eur')}</dd>
            <dt className="font-semibold">{t.priceLines.gross}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="price-gross">
              {formatCents(price.grossCents, 'eur')}
            </dd>
          </dl>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 font-semibold">{t.billingTitle}</legend>
            <TextField name="name" label={t.fields.name} required autoComplete="organization" />
            <TextField
              name="street"
              label={t.fields.street}
              required
              autoComplete="street-address"
            />
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <TextField
                name="postalCode"
                label={t.fields.postalCode}
                required
                autoComplete="postal-code"
              />
              <TextField name="city" label={t.fields.city} required autoComplete="address-level2" />
            </div>
            <SelectField
              name="countryCode"
              label={t.fields.countryCode}
              options={COUNTRY_OPTIONS}
              required
            />
            <TextField name="vatId" label={t.fields.vatId} hint={t.fields.vatHint} />
            <TextField
              name="email"
              label={t.fields.email}
              type="email"
              required
              autoComplete="email"
            />
          </fieldset>
          <SubmitButton pendingText={t.booking} className="self-start">
            {t.book}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Every charge's invoice, with its two files. */
function InvoicesCard() {
  const { plan: t } = useAdminTexts(adminPlanPart);
  const businessId = useSelectedBusinessId();
  const list = useQuery({
    queryKey: ['admin', businessId, 'invoices'] as const,
    queryFn: () => api.get<InvoiceList>(scoped('/api/admin/invoices')),
  });
  const items = list.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.invoicesTitle}</CardTitle>
        <CardDescription>{t.invoicesDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Spinner />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.invoicesNone}</p>
        ) : (
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>{t.invoiceColumns.number}</TableHeaderCell>
                <TableHeaderCell>{t.invoiceColumns.issuedOn}</TableHeaderCell>
                <TableHeaderCell>{t.invoiceColumns.period}</TableHeaderCell>
                <TableHeaderCell>{t.invoiceColumns.gross}</TableHeaderCell>
                <TableHeaderCell>{t.invoiceColumns.files}</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((invoice) => (
                <TableRow key={invoice.id} data-testid="invoice-row">
                  <TableCell>{invoice.number}</TableCell>
                  <TableCell>{formatDate(invoice.issuedOn)}</TableCell>
                  <TableCell>
                    {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {formatCents(invoice.grossCents, 'eur')}
                    {invoice.taxTreatment === 'reverse_charge' ? (
                      <Badge variant="outline" className="ml-2">
                        {t.reverseCharge}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-2">
                      <a
                        href={scoped(`/api/admin/invoices/${invoice.id}/pdf`)}
                        download
                        aria-label={t.invoicePdf(invoice.number)}
                        className={buttonClasses('outline', 'sm')}
                      >
                        {t.pdf}
                      </a>
                      <a
                        href={scoped(`/api/admin/invoices/${invoice.id}/xml`)}
                        download
                        aria-label={t.invoiceXml(invoice.number)}
                        className={buttonClasses('outline', 'sm')}
                      >
                        {t.xml}
                      </a>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
