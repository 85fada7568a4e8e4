import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { type WorkPoints as WorkPointsList, workPointsSaveSchema } from '../../../shared/api/teams';
import type { WorkPointsSaveInput } from '../../../shared/api/teams';
import { formatPoints } from '../../../shared/domain/hours-split';
import { adminHoursPart } from '../../../shared/i18n/admin-catalogue-hours';
import { SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { useAdminTexts } from '../../lib/admin-language';
import { adminApi, messageOf } from './admin-api';
import { useSelectedBusinessId } from './business-scope';

/**
 * 'Punkte je Rolle' (decision 0660): each person's points for splits by hours (team rule 'Nach
 * Arbeitsstunden' and 'Pool verteilen'), with the role they stand for. Opened on demand.
 */
export function WorkPoints({ locked }: { locked: boolean }) {
  const { workPoints: t } = useAdminTexts(adminHoursPart);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={locked}
        onClick={() => setOpen(true)}
      >
        {t.open}
      </Button>
    );
  }
  return <WorkPointsLoader />;
}

function WorkPointsLoader() {
  const businessId = useSelectedBusinessId();
  const points = useQuery({
    queryKey: ['admin', businessId, 'work-points'],
    queryFn: adminApi.workPoints,
  });
  return points.data ? <WorkPointsForm list={points.data} /> : null;
}

function WorkPointsForm({ list }: { list: WorkPointsList }) {
  const { workPoints: t } = useAdminTexts(adminHoursPart);
  const businessId = useSelectedBusinessId();
  const client = useQueryClient();
  const form = useZodForm(workPointsSaveSchema, {
    defaultValues: {
      items: list.items.map((item) => ({
        profileId: item.profileId,
        points: formatPoints(item.pointsMilli),
        role: item.role,
      })),
    } satisfies WorkPointsSaveInput,
  });
  const { fields } = useFieldArray({ control: form.control, name: 'items' });
  const names = new Map(list.items.map((item) => [item.profileId, item.name]));
  return (
    <section aria-labelledby="work-points-title" className="flex flex-col gap-3 border-t pt-4">
      <h3 id="work-points-title" className="text-base font-semibold">
        {t.title}
      </h3>
      <p className="text-sm text-muted-foreground">{t.description}</p>
      <Form
        form={form}
        className="flex flex-col gap-2"
        onSubmit={async (values) => {
          await adminApi.saveWorkPoints(values);
          await client.invalidateQueries({ queryKey: ['admin', businessId, 'work-points'] });
          toast({ title: t.saved });
        }}
        onError={(error) => toast({ title: messageOf(error, t.failed), variant: 'destructive' })}
      >
        {fields.map((field, index) => (
          <fieldset key={field.id} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_8rem_12rem]">
            <legend className="sr-only">{names.get(field.profileId) ?? ''}</legend>
            <p className="self-center text-sm">{names.get(field.profileId) ?? ''}</p>
            <TextField
              name={`items.${index}.points`}
              label={t.points}
              inputMode="decimal"
              autoComplete="off"
            />
            <TextField
              name={`items.${index}.role`}
              label={t.role}
              maxLength={60}
              autoComplete="off"
            />
          </fieldset>
        ))}
        <SubmitButton pendingText={t.saving} className="self-start">
          {t.save}
        </SubmitButton>
      </Form>
    </section>
  );
}
