import type { BusinessOverviewRow } from '../../../../shared/api/operator';
import { planGrantSchema } from '../../../../shared/api/plans';
import { proMonthlyPrice } from '../../../../shared/domain/plans';
import { adminBusinessesPart } from '../../../../shared/i18n/admin-catalogue-businesses';
import { FormError, SubmitButton, TextField } from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { toast } from '../../../components/ui/toast-store';
import { useAdminTexts } from '../../../lib/admin-language';
import { formatCents, formatDate } from '../../../lib/format';
import { operatorApi } from './operator-api';
import { formatDay, grantLastDay, PlanBadge } from './PlanBadge';

/**
 * The business page's 'Tarif' (decision 0610): the plan now with the subscription's dates, and
 * the operator's grant of Pro through a day ('bis', with a reason; audited in the business's log)
 * and the end of a running grant. After a change the page's data is fetched again.
 */
export function PlanCard({
  business,
  onChanged,
}: {
  business: BusinessOverviewRow;
  onChanged: () => void;
}) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const plan = business.plan;
  const t = b.planCard;
  const subscribed = plan.status === 'active' || plan.status === 'past_due';
  return (
    <Card data-testid="business-plan">
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>{t.plan}</dt>
          <dd>
            <PlanBadge plan={plan} />
          </dd>
          <dt>{t.trialEndsAt}</dt>
          <dd>{plan.trialEndsAt ? formatDate(plan.trialEndsAt) : t.none}</dd>
          <dt>{t.periodEnd}</dt>
          <dd>{plan.currentPeriodEnd ? formatDate(plan.currentPeriodEnd) : t.none}</dd>
          <dt>{t.grantedUntil}</dt>
          <dd>{plan.grantedUntil ? formatDay(grantLastDay(plan.grantedUntil)) : t.none}</dd>
          {subscribed ? (
            <>
              <dt>{t.locations}</dt>
              <dd className="tabular-nums">{plan.locations}</dd>
              <dt>{t.monthly}</dt>
              <dd className="tabular-nums">
                {formatCents(proMonthlyPrice(plan.locations).netCents)}
              </dd>
            </>
          ) : null}
        </dl>
        {business.status !== 'closed' ? (
          <>
            {/* Drawn afresh when the grant changes, so 'bis' shows the grant as it now stands. */}
            <GrantForm key={plan.grantedUntil ?? 'none'} business={business} onDone={onChanged} />
            {plan.source === 'granted' ? (
              <EndGrantForm business={business} onDone={onChanged} />
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function GrantForm({ business, onDone }: { business: BusinessOverviewRow; onDone: () => void }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const t = b.planCard;
  const running = business.plan.source === 'granted' && business.plan.grantedUntil;
  const form = useZodForm(planGrantSchema, {
    defaultValues: {
      until: running ? grantLastDay(business.plan.grantedUntil!) : '',
      reason: '',
    },
  });
  return (
    <Form
      form={form}
      className="flex flex-col gap-3"
      aria-label={t.grantTitle}
      onSubmit={async (values) => {
        const state = await operatorApi.grantPlan(business.id, values);
        const day = state.grantedUntil ? grantLastDay(state.grantedUntil) : (values.until ?? '');
        toast({ title: t.granted(business.name, formatDay(day)), variant: 'success' });
        form.reset({ until: values.until, reason: '' });
        onDone();
      }}
    >
      <div>
        <h3 className="font-semibold">{t.grantTitle}</h3>
        <p className="text-xs text-muted-foreground">{t.grantDescription}</p>
      </div>
      <FormError />
      <TextField name="until" type="date" label={t.until} hint={t.untilHint} required />
      <TextField name="reason" label={t.reason} required maxLength={300} />
      <SubmitButton pendingText={t.granting}>{t.grant}</SubmitButton>
    </Form>
  );
}

function EndGrantForm({ business, onDone }: { business: BusinessOverviewRow; onDone: () => void }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const t = b.planCard;
  const form = useZodForm(planGrantSchema, { defaultValues: { until: null, reason: '' } });
  return (
    <Form
      form={form}
      className="flex flex-col gap-3"
      aria-label={t.endTitle}
      onSubmit={async (values) => {
        await operatorApi.grantPlan(business.id, { until: null, reason: values.reason });
        toast({ title: t.ended(business.name), variant: 'success' });
        onDone();
      }}
    >
      <div>
        <h3 className="font-semibold">{t.endTitle}</h3>
        <p className="text-xs text-muted-foreground">{t.endDescription}</p>
      </div>
      <FormError />
      <TextField name="reason" label={t.endReason} required maxLength={300} />
      <SubmitButton variant="outline" pendingText={t.ending}>
        {t.end}
      </SubmitButton>
    </Form>
  );
}
