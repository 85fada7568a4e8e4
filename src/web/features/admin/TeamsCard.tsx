import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { StaffUser } from '../../../shared/api/staff';
import {
  type Team,
  teamCreateSchema,
  type TeamSaveInput,
  teamSaveSchema,
} from '../../../shared/api/teams';
import { TEAM_SPLIT_RULES } from '../../../shared/domain/team-split';
import {
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useFieldState,
} from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Button, buttonClasses } from '../../components/ui/Button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { adminApi, adminKeys, messageOf } from './admin-api';
import { scoped, useSelectedBusinessId } from './business-scope';
import { activeAdminTexts, useAdminTexts } from '../../lib/admin-language';
import { adminPeoplePart } from '../../../shared/i18n/admin-catalogue-people';
import { useProFeature } from './plan/plan-api';
import { ProMark, ProNotice } from './plan/ProNotice';
import { WorkPoints } from './WorkPoints';
const failed = (error: unknown) => {
  const { toasts } = activeAdminTexts(adminPeoplePart).admin;
  toast({
    title: toasts.errorTitle,
    description: messageOf(error, toasts.loadFailed),
    variant: 'destructive',
  });
};

/**
 * The teams of the business: create, rename, split rule, members with points, delete. On Basis
 * (decision 0610) the teams stay listed and keep splitting as set, but changing them is Pro.
 */
export function TeamsCard({ staff }: { staff: readonly StaffUser[] }) {
  const {
    labels: { teamSplitRules: TEAM_SPLIT_RULE_LABELS },
    teams: tt,
  } = useAdminTexts(adminPeoplePart);
  const businessId = useSelectedBusinessId();
  const queryClient = useQueryClient();
  const key = adminKeys.teams(businessId);
  const teams = useQuery({ queryKey: key, queryFn: adminApi.teams });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: adminKeys.users(businessId) }),
    ]);
  const [editing, setEditing] = useState<Team | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const { known, included } = useProFeature('teams');
  const locked = known && !included;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          {tt.title}
          {locked ? <ProMark /> : null}
        </CardTitle>
        <CardDescription>{tt.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ProNotice feature="teams" />
        <CreateTeamForm locked={locked} onCreated={() => void refresh()} />
        <WorkPoints locked={locked} />
        {teams.data && teams.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{tt.empty}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {teams.data?.items.map((team) => (
            <li
              key={team.id}
              data-testid={`team-${team.name}`}
              className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium">{team.name}</p>
                <p className="text-sm text-muted-foreground">
                  {TEAM_SPLIT_RULE_LABELS[team.splitRule]} · {tt.pointCount(team.pointCount)}
                </p>
                <p className="text-sm">
                  {team.members.length === 0
                    ? tt.noMembers
                    : team.members
                        .map((member) =>
                          team.splitRule === 'weighted'
                            ? `${member.fullName ?? member.email} (${tt.points(member.weight)})`
                            : (member.fullName ?? member.email),
                        )
                        .join(', ')}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={scoped(`/api/admin/teams/${team.id}/rule-notice.pdf`, businessId)}
                  download
                  aria-label={tt.noticeLabel(team.name)}
                  className={buttonClasses('outline', 'sm')}
                >
                  {tt.notice}
                </a>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={locked}
                  onClick={() => setEditing(team)}
                >
                  {tt.edit}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={locked}
                  onClick={() => setDeleting(team)}
                >
                  {tt.delete}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      {editing && !locked ? (
        <EditTeamDialog
          team={editing}
          staff={staff.filter((person) => person.status !== 'deactivated')}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null && !locked}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={tt.deleteTitle(deleting?.name ?? '')}
        description={tt.deleteText}
        confirmLabel={tt.delete}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await adminApi.deleteTeam(deleting.id);
            toast({ title: tt.deleted, variant: 'success' });
            void refresh();
          } catch (error) {
            failed(error);
          }
          setDeleting(null);
        }}
      />
    </Card>
  );
}

function CreateTeamForm({ locked, onCreated }: { locked: boolean; onCreated: () => void }) {
  const {
    labels: { teamSplitRules: TEAM_SPLIT_RULE_LABELS },
    teams: tt,
  } = useAdminTexts(adminPeoplePart);
  const ruleOptions = TEAM_SPLIT_RULES.map((rule) => ({
    value: rule,
    label: TEAM_SPLIT_RULE_LABELS[rule],
  }));
  const form = useZodForm(teamCreateSchema, { defaultValues: { name: '', splitRule: 'equal' } });
  return (
    <Form
      form={form}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={async (values) => {
        if (locked) return;
        await adminApi.createTeam(values);
        toast({ title: tt.created, variant: 'success' });
        form.reset({ name: '', splitRule: values.splitRule });
        onCreated();
      }}
    >
      <FormError />
      <TextField
        name="name"
        label={tt.name}
        required
        autoComplete="off"
        className="min-w-0 flex-1"
        disabled={locked}
      />
      <SelectField name="splitRule" label={tt.rule} options={ruleOptions} disabled={locked} />
      <SubmitButton pendingText={tt.creating} className="sm:mt-7" disabled={locked}>
        {tt.create}
        {locked ? <ProMark /> : null}
      </SubmitButton>
    </Form>
  );
}

/**
 * Edits the whole team in one form validated by the shared schema: a weighted
 * split with 0 points is refused on that points field before anything is sent, and name, split
 * and members are saved in one request (one transaction on the server).
 */
function EditTeamDialog({
  team,
  staff,
  onClose,
  onSaved,
}: {
  team: Team;
  staff: readonly StaffUser[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const {
    labels: { teamSplitRules: TEAM_SPLIT_RULE_LABELS },
    common: commonTexts,
    teams: tt,
  } = useAdminTexts(adminPeoplePart);
  const ruleOptions = TEAM_SPLIT_RULES.map((rule) => ({
    value: rule,
    label: TEAM_SPLIT_RULE_LABELS[rule],
  }));
  const form = useZodForm(teamSaveSchema, {
    defaultValues: {
      name: team.name,
      splitRule: team.splitRule,
      members: team.members.map(({ profileId, weight }) => ({ profileId, weight })),
    },
  });
  const rule = useWatch({ control: form.control, name: 'splitRule' });
  const members = useWatch({ control: form.control, name: 'members' });
  const busy = form.formState.isSubmitting;

  const toggle = (profileId: string, on: boolean) => {
    const current = form.getValues('members');
    form.setValue(
      'members',
      on
        ? [...current, { profileId, weight: 1 }]
        : current.filter((member) => member.profileId !== profileId),
      { shouldValidate: form.formState.isSubmitted },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={tt.editTitle(team.name)}
    >
      <Form
        form={form}
        className="flex flex-col gap-4"
        onSubmit={async (values) => {
          await adminApi.saveTeam(team.id, values);
          toast({ title: tt.saved, variant: 'success' });
          onSaved();
        }}
        onError={failed}
      >
        <FormError />
        <TextField name="name" label={tt.name} required autoComplete="off" />
        <SelectField name="splitRule" label={tt.rule} options={ruleOptions} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{tt.members}</legend>
          {staff.map((person) => {
            const label = person.fullName ?? person.email;
            const index = members.findIndex((member) => member.profileId === person.id);
            const checked = index >= 0;
            return (
              <div key={person.id} className="flex flex-col gap-1">
                <div className="flex items-center justify-between gap-3">
                  <label className="flex min-w-0 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={(event) => toggle(person.id, event.target.checked)}
                    />
                    <span className="truncate">{label}</span>
                  </label>
                  {checked && rule === 'weighted' ? (
                    <PointsInput index={index} label={tt.weight(label)} />
                  ) : null}
                </div>
                {checked && rule === 'weighted' ? <PointsError index={index} /> : null}
              </div>
            );
          })}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            {commonTexts.cancel}
          </Button>
          <SubmitButton pendingText={tt.saving}>{tt.save}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

const pointsErrorId = (index: number) => `team-points-error-${index}`;

function PointsInput({ index, label }: { index: number; label: string }) {
  const { register } = useFormContext<TeamSaveInput>();
  const { message } = useFieldState(`members.${index}.weight`);
  return (
    <Input
      type="number"
      min={1}
      step={1}
      aria-label={label}
      aria-invalid={Boolean(message)}
      aria-describedby={message ? pointsErrorId(index) : undefined}
      className="w-20"
      {...register(`members.${index}.weight`, { valueAsNumber: true })}
    />
  );
}

function PointsError({ index }: { index: number }) {
  const { message } = useFieldState(`members.${index}.weight`);
  if (!message) return null;
  return (
    <p id={pointsErrorId(index)} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
