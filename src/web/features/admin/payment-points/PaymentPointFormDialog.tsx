import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import {
  createPaymentPointSchema,
  DEFAULT_TARGET_TYPE,
  PAYMENT_POINT_MESSAGES,
  type PaymentPoint,
  type PaymentPointTargets,
  updatePaymentPointSchema,
} from '../../../../shared/api/payment-points';
import {
  ENTRYPOINT_TARGET_TYPES,
  ENTRYPOINT_TYPES,
  type EntrypointTargetType,
  type EntrypointType,
} from '../../../../shared/domain/tips';
import {
  FormError,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast-store';
import { adminApi, adminKeys, messageOf } from '../admin-api';
import { useSelectedBusinessId } from '../business-scope';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminPointsPart } from '../../../../shared/i18n/admin-catalogue-points';
import { usePlan } from '../plan/plan-api';
import { ProMark, ProNotice } from '../plan/ProNotice';

export type PointFormMode = { kind: 'create' } | { kind: 'edit'; point: PaymentPoint };

/** The create dialog of spec §2 (and, for an existing point, its edit dialog). */
export function PaymentPointFormDialog({
  mode,
  onClose,
  onSaved,
}: {
  mode: PointFormMode | null;
  onClose: () => void;
  onSaved: (point: PaymentPoint) => void;
}) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const f = adminTexts.form;
  return (
    <Dialog
      open={mode !== null}
      onOpenChange={(open) => !open && onClose()}
      title={mode?.kind === 'edit' ? f.editTitle : f.createTitle}
      description={mode?.kind === 'edit' ? f.fixedAfterCreate : f.createDescription}
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      {mode?.kind === 'create' ? <CreateForm onCancel={onClose} onSaved={onSaved} /> : null}
      {mode?.kind === 'edit' ? (
        <EditForm point={mode.point} onCancel={onClose} onSaved={onSaved} />
      ) : null}
    </Dialog>
  );
}

function OptionalFields({ namePlaceholder }: { namePlaceholder?: string }) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const f = adminTexts.form;
  return (
    <>
      <TextField name="label" label={f.label} hint={f.labelHint} placeholder={namePlaceholder} />
      <TextareaField name="description" label={f.description} rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="department" label={f.department} />
        <TextField name="shift" label={f.shift} />
      </div>
    </>
  );
}

function Buttons({
  onCancel,
  submit,
  locked = false,
}: {
  onCancel: () => void;
  submit: string;
  /** On Basis with the allowance used up: the point chosen can only be created with Pro. */
  locked?: boolean;
}) {
  const { admin: adminTexts, common: commonTexts } = useAdminTexts(adminPointsPart);
  const f = adminTexts.form;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        {commonTexts.cancel}
      </Button>
      <SubmitButton pendingText={f.saving} disabled={locked}>
        {submit}
        {locked ? <ProMark /> : null}
      </SubmitButton>
    </div>
  );
}

function useTargets() {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const toasts = adminTexts.toasts;
  const businessId = useSelectedBusinessId();
  const targets = useQuery({
    queryKey: adminKeys.targets(businessId),
    queryFn: adminApi.targets,
  });
  useEffect(() => {
    if (targets.isError) {
      toast({ title: toasts.errorTitle, description: toasts.staffFailed, variant: 'destructive' });
    }
  }, [targets.isError, toasts.errorTitle, toasts.staffFailed]);
  return targets;
}

function targetOptions(targets: PaymentPointTargets | undefined, targetType: EntrypointTargetType) {
  if (!targets) return [];
  if (targetType === 'user') {
    return targets.users.map((u) => ({
      value: u.id,
      label: u.jobTitle ? `${u.fullName} - ${u.jobTitle}` : u.fullName,
    }));
  }
  if (targetType === 'team')
    return targets.teams.map((team) => ({ value: team.id, label: team.name }));
  return [{ value: targets.tenant.id, label: targets.tenant.name }];
}

const REQUIRED_FIELDS = ['name', 'type', 'targetType', 'targetId'] as const;

/**
 * Basis's allowance of team, object and business points (decision 0610): how many are used, and
 * whether one more would need Pro. A person's own point never counts. Unknown while the plan
 * loads: nothing is held back then (the server decides anyway).
 */
function useSharedPoints(): { used: number; allowance: number; full: boolean } | null {
  const plan = usePlan();
  const shared = plan.data?.sharedPoints;
  if (!shared || shared.allowance === null) return null;
  return { used: shared.used, allowance: shared.allowance, full: shared.used >= shared.allowance };
}

function CreateForm({
  onCancel,
  onSaved,
}: {
  onCancel: () => void;
  onSaved: (point: PaymentPoint) => void;
}) {
  const {
    labels: {
      pointTargetTypes: PAYMENT_POINT_TARGET_TYPE_LABELS,
      pointTypes: PAYMENT_POINT_TYPE_LABELS,
    },
  } = useAdminTexts(adminPointsPart);
  const typeOptions = ENTRYPOINT_TYPES.map((value) => ({
    value,
    label: PAYMENT_POINT_TYPE_LABELS[value],
  }));
  const targetTypeOptions = ENTRYPOINT_TARGET_TYPES.map((value) => ({
    value,
    label: PAYMENT_POINT_TARGET_TYPE_LABELS[value],
  }));
  const { admin: adminTexts, common: commonTexts, pro } = useAdminTexts(adminPointsPart);
  const f = adminTexts.form;
  const toasts = adminTexts.toasts;
  const targets = useTargets();
  const sharedPoints = useSharedPoints();
  const form = useZodForm(createPaymentPointSchema, {
    defaultValues: {
      name: '',
      type: 'person',
      targetType: 'user',
      targetId: '',
      label: '',
      description: '',
      department: '',
      shift: '',
      uid: '',
    },
  });
  const [name, targetType] = useWatch({ control: form.control, name: ['name', 'targetType'] });
  const tenantId = targets.data?.tenant.id ?? '';
  const chosenTargetType = (targetType ?? 'user') as EntrypointTargetType;

  // A point for the business itself has exactly one possible target.
  useEffect(() => {
    if (chosenTargetType === 'tenant' && tenantId) form.setValue('targetId', tenantId);
  }, [chosenTargetType, tenantId, form]);

  const options = targetOptions(targets.data, chosenTargetType);
  const shared = chosenTargetType !== 'user';
  const overAllowance = shared && sharedPoints !== null && sharedPoints.full;
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      aria-label={f.createTitle}
      onInvalid={(errors) => {
        // Spec §5's toast only when a required field is empty; a filled but wrong field (a uid
        // with a space) says what is wrong, as its field does.
        const missing = REQUIRED_FIELDS.some((field) => errors[field]);
        const wrong = Object.values(errors).find((error) => error?.message)?.message;
        toast(
          missing || !wrong
            ? { title: PAYMENT_POINT_MESSAGES.requiredFields, variant: 'destructive' }
            : { title: toasts.errorTitle, description: String(wrong), variant: 'destructive' },
        );
      }}
      onError={(error) =>
        toast({
          title: toasts.errorTitle,
          description: messageOf(error, toasts.createFailed),
          variant: 'destructive',
        })
      }
      onSubmit={async (values) => {
        if (overAllowance) return;
        const point = await adminApi.createPoint(values);
        toast({ title: toasts.created, description: point.uid, variant: 'success' });
        onSaved(point);
      }}
    >
      <FormError />
      <TextField name="name" label={f.name} required autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="type"
          label={f.type}
          required
          options={typeOptions}
          registerOptions={{
            onChange: (event: { target: { value: string } }) => {
              const next = DEFAULT_TARGET_TYPE[event.target.value as EntrypointType];
              if (next) {
                form.setValue('targetType', next);
                form.setValue('targetId', next === 'tenant' ? tenantId : '');
              }
            },
          }}
        />
        <SelectField
          name="targetType"
          label={f.targetType}
          required
          options={targetTypeOptions}
          registerOptions={{
            // Spec §5: changing the target type clears the target.
            onChange: (event: { target: { value: string } }) =>
              form.setValue('targetId', event.target.value === 'tenant' ? tenantId : ''),
          }}
        />
      </div>
      {shared && sharedPoints ? (
        <p className="text-sm text-muted-foreground" data-testid="shared-points-used">
          {pro.sharedPointsUsed(sharedPoints.used, sharedPoints.allowance)}
        </p>
      ) : null}
      {overAllowance ? <ProNotice feature="extra_points" /> : null}
      {chosenTargetType === 'tenant' ? (
        <p className="text-sm text-muted-foreground">
          {targets.data ? f.tenantTarget(targets.data.tenant.name) : commonTexts.loading}
        </p>
      ) : (
        <SelectField
          name="targetId"
          label={chosenTargetType === 'user' ? f.employee : f.team}
          required
          placeholder={f.chooseTarget}
          options={options}
          hint={
            targets.data && options.length === 0
              ? chosenTargetType === 'user'
                ? f.noEmployees
                : f.noTeams
              : undefined
          }
        />
      )}
      <OptionalFields namePlaceholder={name || undefined} />
      <TextField name="uid" label={f.customUid} hint={f.customUidHint} autoComplete="off" />
      <Buttons onCancel={onCancel} submit={f.submitCreate} locked={overAllowance} />
    </Form>
  );
}

function EditForm({
  point,
  onCancel,
  onSaved,
}: {
  point: PaymentPoint;
  onCancel: () => void;
  onSaved: (point: PaymentPoint) => void;
}) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const f = adminTexts.form;
  const toasts = adminTexts.toasts;
  const form = useZodForm(updatePaymentPointSchema, {
    defaultValues: {
      name: point.name,
      label: point.label === point.name ? '' : point.label,
      description: point.description ?? '',
      department: point.department ?? '',
      shift: point.shift ?? '',
    },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      aria-label={f.editTitle}
      onError={(error) =>
        toast({
          title: toasts.errorTitle,
          description: messageOf(error, toasts.updateFailed),
          variant: 'destructive',
        })
      }
      onSubmit={async (values) => {
        const saved = await adminApi.updatePoint(point.id, values);
        toast({ title: toasts.updated, variant: 'success' });
        onSaved(saved);
      }}
    >
      <FormError />
      <p className="text-sm">
        <span className="text-muted-foreground">{adminTexts.qr.uidPrefix}</span>
        <span className="font-mono">{point.uid}</span>
      </p>
      <TextField name="name" label={f.name} required autoComplete="off" />
      <OptionalFields namePlaceholder={name || undefined} />
      <Buttons onCancel={onCancel} submit={f.submitEdit} />
    </Form>
  );
}
