import { useState } from 'react';
import {
  type BusinessOverviewRow,
  closeBusinessSchema,
  createBusinessSchema,
  inviteOwnerSchema,
  suspendBusinessSchema,
} from '../../../../shared/api/operator';
import { dayInZone } from '../../../../shared/domain/shifts';
import { FormError, SubmitButton, TextareaField, TextField } from '../../../components/form/fields';
import { Form, useZodForm } from '../../../components/form/form';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast-store';
import { formatDate } from '../../../lib/format';
import { messageOf } from '../admin-api';
import { reportExportRanges } from './export-ranges';
import { operatorApi } from './operator-api';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminBusinessesPart } from '../../../../shared/i18n/admin-catalogue-businesses';

interface DialogProps {
  onClose: () => void;
  /** After a successful change: close and reload the list. */
  onDone: () => void;
}

function Buttons({
  onCancel,
  submit,
  pending,
  destructive,
}: {
  onCancel: () => void;
  submit: string;
  pending: string;
  destructive?: boolean;
}) {
  const { common: commonTexts } = useAdminTexts(adminBusinessesPart);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        {commonTexts.cancel}
      </Button>
      <SubmitButton pendingText={pending} variant={destructive ? 'destructive' : 'primary'}>
        {submit}
      </SubmitButton>
    </div>
  );
}

/** 'Betrieb anlegen' with its first owner's invitation in the same step (optional). */
export function CreateBusinessDialog({ open, onClose, onDone }: DialogProps & { open: boolean }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={b.form.createTitle}
      description={b.form.createDescription}
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <CreateForm onClose={onClose} onDone={onDone} />
    </Dialog>
  );
}

function CreateForm({ onClose, onDone }: DialogProps) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const form = useZodForm(createBusinessSchema, {
    defaultValues: {
      name: '',
      address: '',
      contactEmail: '',
      description: '',
      legalForm: '',
      registerEntry: '',
      vatId: '',
      ownerEmail: '',
    },
  });
  const f = b.form;
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async (values) => {
        const change = await operatorApi.create(values);
        toast({
          title: !change.invitedOwner
            ? b.created(change.business.name)
            : change.invitedOwner.delivery === 'delivered'
              ? b.createdAndInvited(change.business.name, change.invitedOwner.email)
              : b.createdInvitationPending(change.business.name, change.invitedOwner.email),
          variant: change.invitedOwner?.delivery === 'retrying' ? 'default' : 'success',
        });
        onDone();
      }}
    >
      <FormError />
      <TextField name="name" label={f.name} required autoComplete="organization" />
      <TextField name="address" label={f.address} hint={f.addressHint} required />
      <TextField name="contactEmail" label={f.contactEmail} type="email" required />
      <TextareaField name="description" label={f.description} rows={2} />
      <fieldset className="flex flex-col gap-4 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium">{f.legal}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="legalForm" label={f.legalForm} hint={f.legalFormHint} />
          <TextField name="vatId" label={f.vatId} />
        </div>
        <TextField name="registerEntry" label={f.registerEntry} hint={f.registerEntryHint} />
      </fieldset>
      <TextField
        name="ownerEmail"
        label={f.ownerEmail}
        hint={f.ownerEmailHint}
        type="email"
        autoComplete="off"
      />
      <Buttons onCancel={onClose} submit={f.submit} pending={f.saving} />
    </Form>
  );
}

/** 'Inhaber einladen': the staff invitation with role business_owner. */
export function InviteOwnerDialog({
  business,
  onClose,
  onDone,
}: DialogProps & { business: BusinessOverviewRow | null }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  return (
    <Dialog
      open={business !== null}
      onOpenChange={(next) => !next && onClose()}
      title={b.invite.title(business?.name ?? '')}
      description={b.invite.description}
    >
      {business ? <InviteForm business={business} onClose={onClose} onDone={onDone} /> : null}
    </Dialog>
  );
}

function InviteForm({
  business,
  onClose,
  onDone,
}: DialogProps & { business: BusinessOverviewRow }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const form = useZodForm(inviteOwnerSchema, { defaultValues: { email: '' } });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async (values) => {
        const change = await operatorApi.inviteOwner(business.id, values.email);
        toast({
          title:
            change.invitedOwner?.delivery === 'retrying'
              ? b.invite.pending(change.invitedOwner.email)
              : b.invite.sent(change.invitedOwner?.email ?? values.email),
          variant: change.invitedOwner?.delivery === 'retrying' ? 'default' : 'success',
        });
        onDone();
      }}
    >
      <FormError />
      <TextField name="email" label={b.invite.email} type="email" required autoComplete="off" />
      <Buttons onCancel={onClose} submit={b.invite.submit} pending={b.invite.sending} />
    </Form>
  );
}

/** 'Sperren' with a reason, saying what a suspension does before it happens. */
export function SuspendDialog({
  business,
  onClose,
  onDone,
}: DialogProps & { business: BusinessOverviewRow | null }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  return (
    <Dialog
      open={business !== null}
      onOpenChange={(next) => !next && onClose()}
      role="alertdialog"
      title={b.suspend.title(business?.name ?? '')}
      description={b.suspend.description}
    >
      {business ? <SuspendForm business={business} onClose={onClose} onDone={onDone} /> : null}
    </Dialog>
  );
}

function SuspendForm({
  business,
  onClose,
  onDone,
}: DialogProps & { business: BusinessOverviewRow }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const form = useZodForm(suspendBusinessSchema, { defaultValues: { reason: '' } });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async (values) => {
        await operatorApi.suspend(business.id, values.reason);
        toast({ title: b.suspend.done(business.name), variant: 'success' });
        onDone();
      }}
    >
      <FormError />
      <TextareaField
        name="reason"
        label={b.suspend.reason}
        hint={b.suspend.reasonHint}
        required
        rows={2}
      />
      <Buttons
        onCancel={onClose}
        submit={b.suspend.submit}
        pending={b.suspend.saving}
        destructive
      />
    </Form>
  );
}

/** 'Reaktivieren': a confirmation, since everyone signs in anew. */
export function ReactivateDialog({
  business,
  onClose,
  onDone,
}: DialogProps & { business: BusinessOverviewRow | null }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  return (
    <ConfirmDialog
      open={business !== null}
      onOpenChange={(next) => !next && onClose()}
      title={b.reactivate.title(business?.name ?? '')}
      description={b.reactivate.description}
      confirmLabel={b.reactivate.submit}
      variant="primary"
      onConfirm={async () => {
        if (!business) return;
        try {
          await operatorApi.reactivate(business.id);
          toast({ title: b.reactivate.done(business.name), variant: 'success' });
          onDone();
        } catch (error) {
          toast({
            title: b.statusFailed,
            description: messageOf(error, b.statusFailed),
            variant: 'destructive',
          });
        }
      }}
    />
  );
}

/**
 * 'Schließen' in two steps: first the business's exports (reports CSV over its whole life and
 * the audit log), then the confirmation with the typed name. For a closed business whose data is
 * still kept, only the exports.
 */
export function CloseBusinessDialog({
  business,
  retentionDays,
  onClose,
  onDone,
}: DialogProps & { business: BusinessOverviewRow | null; retentionDays: number }) {
  const { businesses: b, common: commonTexts } = useAdminTexts(adminBusinessesPart);
  const [step, setStep] = useState<'export' | 'confirm'>('export');
  const close = () => {
    setStep('export');
    onClose();
  };
  const closed = business?.status === 'closed';
  return (
    <Dialog
      open={business !== null}
      onOpenChange={(next) => !next && close()}
      role={step === 'confirm' ? 'alertdialog' : 'dialog'}
      title={b.close.title(business?.name ?? '')}
      description={step === 'export' ? b.close.exportStep : b.close.confirmStep}
      className="w-[min(36rem,calc(100vw-2rem))]"
    >
      {business && step === 'export' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">{b.close.exportText}</p>
          <Exports business={business} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={close}>
              {commonTexts.cancel}
            </Button>
            {closed ? null : (
              <Button variant="destructive" onClick={() => setStep('confirm')}>
                {b.close.toConfirm}
              </Button>
            )}
          </div>
        </div>
      ) : null}
      {business && step === 'confirm' ? (
        <ConfirmCloseForm
          business={business}
          retentionDays={retentionDays}
          onBack={() => setStep('export')}
          onDone={() => {
            setStep('export');
            onDone();
          }}
        />
      ) : null}
    </Dialog>
  );
}

function Exports({ business }: { business: BusinessOverviewRow }) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const ranges = reportExportRanges(dayInZone(new Date(business.createdAt)), dayInZone(new Date()));
  const link = buttonClasses('outline', 'sm');
  return (
    <ul className="flex flex-col gap-2">
      {ranges.map((range) => (
        <li key={range.from}>
          <a
            className={link}
            href={operatorApi.reportCsvUrl(business.id, range.from, range.to)}
            download
          >
            {b.close.reportCsv(formatDate(range.from), formatDate(range.to))}
          </a>
        </li>
      ))}
      <li>
        <a className={link} href={operatorApi.auditCsvUrl(business.id)} download>
          {b.close.auditCsv}
        </a>
      </li>
    </ul>
  );
}

function ConfirmCloseForm({
  business,
  retentionDays,
  onBack,
  onDone,
}: {
  business: BusinessOverviewRow;
  retentionDays: number;
  onBack: () => void;
  onDone: () => void;
}) {
  const { businesses: b } = useAdminTexts(adminBusinessesPart);
  const form = useZodForm(closeBusinessSchema, { defaultValues: { confirmName: '' } });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async (values) => {
        await operatorApi.close(business.id, values.confirmName);
        toast({ title: b.close.done(business.name), variant: 'success' });
        onDone();
      }}
    >
      <p className="text-sm">{b.close.confirmText(retentionDays)}</p>
      <FormError />
      <TextField
        name="confirmName"
        label={b.close.confirmName}
        hint={business.name}
        required
        autoComplete="off"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onBack}>
          {b.close.back}
        </Button>
        <SubmitButton pendingText={b.close.saving} variant="destructive">
          {b.close.submit}
        </SubmitButton>
      </div>
    </Form>
  );
}
