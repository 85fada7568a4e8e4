import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { ShiftBoard } from '../../../shared/api/shifts';
import { shiftFormSchema } from '../../../shared/api/shifts';
import { endsNextDay, isValidTime } from '../../../shared/domain/shifts';
import { FormError, SelectField, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Label, selectClasses } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { adminApi, adminKeys, messageOf } from './admin-api';
import { AdminPage } from './AdminPage';
import { RotaImport } from './RotaImport';
import { useSelectedBusinessId } from './business-scope';
import { activeAdminTexts, useAdminTexts } from '../../lib/admin-language';
import { adminPeoplePart } from '../../../shared/i18n/admin-catalogue-people';
import { useProFeature } from './plan/plan-api';
import { ProMark, ProNotice } from './plan/ProNotice';
const failed = (error: unknown) => {
  const { toasts } = activeAdminTexts(adminPeoplePart).admin;
  toast({
    title: toasts.errorTitle,
    description: messageOf(error, toasts.loadFailed),
    variant: 'destructive',
  });
};

const dayFormatter = new Intl.DateTimeFormat('de-DE', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});
/** "Mo., 16.03." for a YYYY-MM-DD day (a calendar day: no time zone moves it). */
const dayLabel = (day: string) => dayFormatter.format(new Date(`${day}T12:00:00Z`));

type Target = ShiftBoard['targets'][number];
const targetKey = (target: Pick<Target, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

/**
 * /admin/shifts: who serves which object or team today and in the next 14 days. On Basis
 * (decision 0610) the plan stays visible and keeps routing tips, but changing it is Pro.
 */
export function ShiftsPage() {
  const { shifts: st } = useAdminTexts(adminPeoplePart);
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const key = adminKeys.shifts(businessId);
  const board = useQuery({ queryKey: key, queryFn: adminApi.shifts });
  const [selected, setSelected] = useState<string>('');
  const [copying, setCopying] = useState(false);
  const targetId = useId();
  const { known, included } = useProFeature('shift_routing');
  const locked = known && !included;
  useEffect(() => {
    if (board.isError) failed(board.error);
  }, [board.isError, board.error]);

  const data = board.data;
  const target =
    data?.targets.find((candidate) => targetKey(candidate) === selected) ?? data?.targets[0];
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  // The button calls it without awaiting; it shows its own failure.
  async function removeAssignment(id: string) {
    try {
      await adminApi.removeShift(id);
      toast({ title: st.removed, variant: 'success' });
    } catch (error) {
      failed(error);
    }
    await refresh();
  }

  return (
    <AdminPage title={st.title} description={st.description}>
      <ProNotice feature="shift_routing" />
      {data && data.targets.length === 0 ? (
        <p className="text-muted-foreground">{st.noTargets}</p>
      ) : null}
      {data && target ? (
        <>
          <div className="flex flex-col gap-1.5 sm:max-w-md">
            <Label htmlFor={targetId}>{st.target}</Label>
            <select
              id={targetId}
              className={selectClasses}
              value={targetKey(target)}
              onChange={(event) => setSelected(event.target.value)}
            >
              {data.targets.map((candidate) => (
                <option key={targetKey(candidate)} value={targetKey(candidate)}>
                  {candidate.kind === 'point'
                    ? st.targetPoint(candidate.label, candidate.teamName)
                    : st.targetTeam(candidate.label)}
                </option>
              ))}
            </select>
            <p className="text-sm text-muted-foreground">
              {target.kind === 'point' ? st.fallbackPoint(target.teamName) : st.fallbackTeam}
            </p>
          </div>
          <AssignForm
            board={data}
            target={target}
            locked={locked}
            onAssigned={() => void refresh()}
          />
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
              <div>
                <CardTitle className="text-lg">{target.label}</CardTitle>
                <CardDescription>
                  {dayLabel(data.days[0]!)} – {dayLabel(data.days.at(-1)!)}
                </CardDescription>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={locked}
                onClick={() => setCopying(true)}
              >
                {st.copyWeek}
                {locked ? <ProMark /> : null}
              </Button>
            </CardHeader>
            <CardContent>
              <ol className="flex flex-col" data-testid="shift-days">
                {data.days.map((day) => {
                  const assignments = data.assignments.filter(
                    (a) =>
                      a.day === day && a.targetKind === target.kind && a.targetId === target.id,
                  );
                  return (
                    <li
                      key={day}
                      data-testid={`shift-day-${day}`}
                      className="flex flex-col gap-2 border-b border-border py-2.5 last:border-0 sm:flex-row sm:items-center"
                    >
                      <span className="flex w-36 shrink-0 items-center gap-2 font-medium">
                        {dayLabel(day)}
                        {day === data.today ? <Badge variant="secondary">{st.today}</Badge> : null}
                      </span>
                      {assignments.length === 0 ? (
                        <span className="text-sm text-muted-foreground">{st.nobody}</span>
                      ) : (
                        <ul className="flex flex-wrap gap-2">
                          {assignments.map((assignment) => (
                            <li
                              key={assignment.id}
                              className="flex items-center gap-1 rounded-full border border-border py-0.5 pl-3 pr-1 text-sm"
                            >
                              <span>
                                {assignment.personName} ·{' '}
                                {assignment.startTime && assignment.endTime
                                  ? st.range(assignment.startTime, assignment.endTime)
                                  : st.wholeDay}
                              </span>
                              <Button
                                variant="ghost"
                                size="sm"
                                className="h-7 w-7 rounded-full p-0"
                                aria-label={st.remove(assignment.personName, dayLabel(day))}
                                disabled={locked}
                                onClick={() => void removeAssignment(assignment.id)}
                              >
                                <span aria-hidden="true">×</span>
                              </Button>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ol>
            </CardContent>
          </Card>
          <ConfirmDialog
            open={copying && !locked}
            onOpenChange={setCopying}
            title={st.copyTitle}
            description={st.copyText(dayLabel(data.days[0]!), dayLabel(data.days[6]!))}
            confirmLabel={st.copyWeek}
            onConfirm={async () => {
              try {
                const result = await adminApi.copyShiftWeek({
                  targetKind: target.kind,
                  targetId: target.id,
                  fromDay: data.today,
                });
                toast({ title: st.copied(result.copied), variant: 'success' });
              } catch (error) {
                failed(error);
              }
              setCopying(false);
              await refresh();
            }}
          />
        </>
      ) : null}
      {data && data.targets.length > 0 ? (
        <RotaImport board={data} locked={locked} onImported={() => void refresh()} />
      ) : null}
    </AdminPage>
  );
}

function AssignForm({
  board,
  target,
  locked,
  onAssigned,
}: {
  board: ShiftBoard;
  target: Target;
  /** On Basis: the form shows, but assigning is Pro. */
  locked: boolean;
  onAssigned: () => void;
}) {
  const { shifts: st } = useAdminTexts(adminPeoplePart);
  const form = useZodForm(shiftFormSchema, {
    defaultValues: { profileId: '', day: board.today, startTime: '', endTime: '' },
  });
  return (
    <Form
      form={form}
      aria-label={st.assign}
      className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-start"
      onSubmit={async (values) => {
        if (locked) return;
        const created = await adminApi.assignShift({
          targetKind: target.kind,
          targetId: target.id,
          profileId: values.profileId,
          day: values.day,
          startTime: values.startTime || null,
          endTime: values.endTime || null,
        });
        toast({ title: st.assigned(created.personName), variant: 'success' });
        form.reset({ ...values, profileId: '' });
        onAssigned();
      }}
    >
      <div className="sm:col-span-2 lg:col-span-5">
        <FormError />
      </div>
      <SelectField
        name="profileId"
        label={st.person}
        required
        placeholder={st.choosePerson}
        options={board.people.map((person) => ({ value: person.id, label: person.name }))}
        disabled={locked}
      />
      <SelectField
        name="day"
        label={st.day}
        required
        disabled={locked}
        options={board.days.map((day) => ({
          value: day,
          label: day === board.today ? `${dayLabel(day)} (${st.today})` : dayLabel(day),
        }))}
      />
      <TextField name="startTime" label={st.start} type="time" disabled={locked} />
      <EndTimeField disabled={locked} />
      <SubmitButton pendingText={st.assigning} className="lg:mt-7" disabled={locked}>
        {st.assign}
        {locked ? <ProMark /> : null}
      </SubmitButton>
      <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-5">{st.timesHint}</p>
    </Form>
  );
}

/** The end field says when a shift runs into the next day (18:00–10:00). */
function EndTimeField({ disabled }: { disabled: boolean }) {
  const { shifts: st } = useAdminTexts(adminPeoplePart);
  const [start = '', end = ''] = useWatch<{ startTime: string; endTime: string }>({
    name: ['startTime', 'endTime'],
  });
  const overnight = isValidTime(start) && isValidTime(end) && endsNextDay(start, end);
  return (
    <TextField
      name="endTime"
      label={st.end}
      type="time"
      disabled={disabled}
      hint={overnight ? st.endsNextDay(end) : undefined}
    />
  );
}
