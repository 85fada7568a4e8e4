import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { EmployeeTip } from '../../../shared/api/employee';
import { REPLY_MAX_LENGTH } from '../../../shared/domain/receipts';
import { Button } from '../../components/ui/Button';
import { Label, Textarea } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { employeeApi, employeeKeys } from './employee-api';
import { useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

/**
 * The employee's one answer to a guest who wrote something: shown once given, otherwise an
 * 'Antworten' button that opens a short text field. The guest stays anonymous.
 */
export function ReplyBox({ tip }: { tip: EmployeeTip }) {
  const t = useStaffTexts(staffDashboardPart).replies;
  const { quote } = useStaffTexts().screens;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const fieldId = useId();
  const counterId = useId();
  const send = useMutation({
    mutationFn: () => employeeApi.reply(tip.id, message),
    onSuccess: async () => {
      toast({ title: t.sentToast, variant: 'success' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
    },
    onError: (error) =>
      toast({
        title: error instanceof ApiError && error.status < 500 ? error.title : t.failedToast,
        description:
          error instanceof ApiError && error.status < 500 ? error.message : t.failedDescription,
        variant: 'destructive',
      }),
  });

  if (tip.reply) {
    return (
      <div
        className="rounded-md border-l-4 border-primary bg-muted px-3 py-2 text-sm"
        data-testid="tip-reply"
      >
        <p className="text-xs font-medium text-muted-foreground">{t.answered}</p>
        <p className="[overflow-wrap:anywhere]">{quote(tip.reply.message)}</p>
      </div>
    );
  }
  if (!tip.guestMessage && !tip.feedbackMessage) return null;
  if (!open) {
    return (
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        {t.answer}
      </Button>
    );
  }
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <Label htmlFor={fieldId}>{t.label}</Label>
      <Textarea
        id={fieldId}
        maxLength={REPLY_MAX_LENGTH}
        value={message}
        aria-describedby={counterId}
        onChange={(event) => setMessage(event.target.value.slice(0, REPLY_MAX_LENGTH))}
      />
      <p id={counterId} className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>{t.hint}</span>
        <span>{t.counter(message.length, REPLY_MAX_LENGTH)}</span>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)} disabled={send.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={send.isPending || message.trim() === ''}>
          {t.send}
        </Button>
      </div>
    </form>
  );
}
