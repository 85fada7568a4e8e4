import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormError, SubmitButton } from '../../components/form/fields';
import { Form } from '../../components/form/form';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from './admin-api';
import { useAdminTexts } from '../../lib/admin-language';
import { adminPointsPart } from '../../../shared/i18n/admin-catalogue-points';

/**
 * A settings card's one-line form (the AiO tenant, the payout schedule): the fields beside their
 * save button on wide screens, stacked on phones; a toast after saving or failing, and the saved
 * value handed back so the page shows what the server kept.
 */
export function InlineSettingsForm<TIn extends FieldValues, TOut, TSaved>({
  form,
  save,
  onSaved,
  savedTitle,
  submitLabel,
  children,
}: {
  form: UseFormReturn<TIn, unknown, TOut>;
  save: (values: TOut) => Promise<TSaved>;
  onSaved: (saved: TSaved) => void;
  savedTitle: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const toasts = adminTexts.toasts;
  return (
    <Form
      form={form}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onError={(error) =>
        toast({
          title: toasts.errorTitle,
          description: messageOf(error, toasts.loadFailed),
          variant: 'destructive',
        })
      }
      onSubmit={async (values) => {
        const saved = await save(values);
        toast({ title: savedTitle, variant: 'success' });
        onSaved(saved);
      }}
    >
      <FormError />
      {children}
      <SubmitButton pendingText={adminTexts.form.saving} className="sm:mt-7">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
