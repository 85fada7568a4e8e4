import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  poolDistributionFormSchema,
  type PoolDistributionFormInput,
  type PoolDistributionPreview,
} from '../../../shared/api/pool';
import { berlinDay } from '../../../shared/domain/berlin-day';
import { formatHours, formatPoints, formatPeriod } from '../../../shared/domain/hours-split';
import { adminHoursPart } from '../../../shared/i18n/admin-catalogue-hours';
import { SelectField, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { useAdminTexts } from '../../lib/admin-language';
import { formatCents } from '../../lib/format';
import { adminApi, adminKeys, messageOf } from './admin-api';
import { useSelectedBusinessId } from './business-scope';

/** The period, the preview of every share and 'Verteilen' (decision 0660). */
export function DistributionForm() {
  const { poolDistribution: t } = useAdminTexts(adminHoursPart);
  const businessId = useSelectedBusinessId();
  const client = useQueryClient();
  const [preview, setPreview] = useState<PoolDistributionPreview | null>(null);
  const [period, setPeriod] = useState<PoolDistributionFormInput | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm(poolDistributionFormSchema, {
    defaultValues: {
      period: 'day',
      day: berlinDay(new Date()),
    } satisfies PoolDistributionFormInput,
  });

  const confirm = async () => {
    if (!preview || !period) return;
    setConfirming(true);
    try {
      const result = await adminApi.distributePool({ ...period, fingerprint: preview.fingerprint });
      toast({
        title: t.done(formatCents(result.amountCents, result.currency), result.shares.length),
      });
      setPreview(null);
      await client.invalidateQueries({ queryKey: adminKeys.pool(businessId) });
    } catch (error) {
      toast({ title: messageOf(error, t.failed), variant: 'destructive' });
      setPreview(null);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section
      aria-labelledby="pool-distribution-title"
      className="flex flex-col gap-3 border-t pt-4"
    >
      <h3 id="pool-distribution-title" className="text-base font-semibold">
        {t.title}
      </h3>
      <p className="text-sm text-muted-foreground">{t.description}</p>
      <Form
        form={form}
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (values) => {
          const answer = await adminApi.poolDistribution(values.period, values.day);
          setPeriod(values);
          setPreview(answer);
        }}
        onError={(error) =>
          toast({ title: messageOf(error, t.previewFailed), variant: 'destructive' })
        }
      >
        <SelectField
          name="period"
          label={t.period}
          options={[
            { value: 'day', label: t.periods.day },
            { value: 'week', label: t.periods.week },
          ]}
          className="w-40"
        />
        <TextField name="day" type="date" label={t.day} required className="w-44" />
        <SubmitButton pendingText={t.previewing}>{t.preview}</SubmitButton>
      </Form>
      {preview ? (
        <div className="flex flex-col gap-3" data-testid="pool-distribution-preview">
          <p className="text-sm">
            {preview.tipCount === 0
              ? t.nothing
              : preview.shares.length === 0
                ? t.nobody
                : t.summary(
                    preview.tipCount,
                    formatCents(preview.amountCents, preview.currency),
                    formatPeriod(preview),
                  )}
          </p>
          {preview.shares.length > 0 && preview.tipCount > 0 ? (
            <>
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th scope="col" className="py-1 pr-2 font-medium">
                      {t.columns.person}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      {t.columns.hours}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      {t.columns.points}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {t.columns.share}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {preview.shares.map((share) => (
                    <tr key={share.profileId} className="border-t">
                      <td className="py-1 pr-2">
                        {share.name}
                        {share.role ? (
                          <span className="text-muted-foreground"> · {share.role}</span>
                        ) : null}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">
                        {formatHours(share.minutes)}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">
                        {formatPoints(share.pointsMilli)}
                      </td>
                      <td className="py-1 text-right tabular-nums">
                        {formatCents(share.amountCents, preview.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Button
                type="button"
                onClick={() => void confirm()}
                disabled={confirming}
                className="self-start"
              >
                {confirming ? t.confirming : t.confirm}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
