import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type PoolTip, poolAssignSchema } from '../../../shared/api/pool';
import { FEEDBACK_EMOJI_CHARS } from '../../../shared/domain/tips';
import { adminShiftsTexts as st } from '../../../shared/i18n/admin-shifts';
import { FormError, SelectField, SubmitButton } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { buttonClasses } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { toast } from '../../components/ui/toast-store';
import { formatCents, formatDateTime } from '../../lib/format';
import { adminApi, adminKeys } from './admin-api';
import { useSelectedBusinessId } from './business-scope';

const t = st.pool;

/**
 * The owner's pool on the dashboard (issue 11): tips that reached nobody, with the guest's
 * words, each given to one person by hand.
 */
export function PoolCard() {
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const pool = useQuery({ queryKey: adminKeys.pool(businessId), queryFn: adminApi.pool });
  const staff = useQuery({
    queryKey: [...adminKeys.users(businessId), ''],
    queryFn: () => adminApi.users(''),
  });
  const people = (staff.data?.items ?? [])
    .filter((person) => person.status === 'active' && person.role !== 'admin')
    .map((person) => ({ value: person.id, label: person.fullName ?? person.email }));
  const data = pool.data;

  return (
    <Card aria-labelledby="pool-title" data-testid="pool-card">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="pool-title" className="text-lg">
            {t.title}
          </CardTitle>
          <CardDescription>{t.description}</CardDescription>
        </div>
        <Link to="/admin/shifts" className={buttonClasses('outline', 'sm')}>
          {st.openPlan}
        </Link>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {data ? (
          <p className="text-sm font-medium" data-testid="pool-total">
            {data.total === 0 ? t.empty : t.total(data.total, formatCents(data.totalCents))}
          </p>
        ) : null}
        <ul className="flex flex-col">
          {data?.items.map((tip) => (
            <PoolRow
              key={tip.id}
              tip={tip}
              people={people}
              onAssigned={() =>
                void Promise.all([
                  queryClient.invalidateQueries({ queryKey: adminKeys.pool(businessId) }),
                  queryClient.invalidateQueries({ queryKey: adminKeys.dashboard(businessId) }),
                ])
              }
            />
          ))}
        </ul>
        {data && data.total > data.items.length ? (
          <p className="text-sm text-muted-foreground">{t.more(data.total - data.items.length)}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PoolRow({
  tip,
  people,
  onAssigned,
}: {
  tip: PoolTip;
  people: { value: string; label: string }[];
  onAssigned: () => void;
}) {
  const form = useZodForm(poolAssignSchema, { defaultValues: { profileId: '' } });
  const amount = formatCents(tip.amountCents, tip.currency);
  const words = [tip.guestMessage, tip.feedbackMessage].filter(Boolean).map((w) => `„${w}“`);
  return (
    <li
      className="flex flex-col gap-2 border-b border-border py-3 last:border-0 lg:flex-row lg:items-start lg:justify-between"
      data-testid="pool-tip"
    >
      <div className="min-w-0">
        <p className="font-semibold">
          {amount} · {t.place(tip.placeLabel)}
        </p>
        <p className="text-sm text-muted-foreground">{formatDateTime(tip.createdAt)}</p>
        <p className="text-sm italic">
          {tip.feedbackEmoji ? `${FEEDBACK_EMOJI_CHARS[tip.feedbackEmoji]} ` : null}
          {words.length > 0 ? words.join(' ') : tip.feedbackEmoji ? null : t.noMessage}
        </p>
      </div>
      <Form
        form={form}
        aria-label={t.assignLabel(amount, formatDateTime(tip.createdAt))}
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={async (values) => {
          const result = await adminApi.assignPoolTip(tip.id, values.profileId);
          toast({ title: t.assigned(result.personName), variant: 'success' });
          onAssigned();
        }}
      >
        <FormError />
        <SelectField
          name="profileId"
          label={t.assignTo}
          placeholder={st.choosePerson}
          options={people}
        />
        <SubmitButton pendingText={st.assigning} size="sm" className="sm:mt-7">
          {t.assign}
        </SubmitButton>
      </Form>
    </li>
  );
}
