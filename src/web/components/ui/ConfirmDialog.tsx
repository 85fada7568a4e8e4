import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Dialog } from './Dialog';
import { useStaffTexts } from '../../lib/staff-language';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  variant?: ButtonVariant;
  /** May be async: the buttons stay disabled until it settles, so it cannot run twice. */
  onConfirm: () => Promise<unknown> | unknown;
}

/** "Are you sure?" for actions that cannot be undone, as an alert dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  variant = 'destructive',
  onConfirm,
}: ConfirmDialogProps) {
  const commonTexts = useStaffTexts().common;
  const [busy, setBusy] = useState(false);
  // Called without awaiting from the click (React ignores what a handler returns); the caller's
  // onConfirm shows its own failures (decision 0585).
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      role="alertdialog"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            {commonTexts.cancel}
          </Button>
          <Button variant={variant} disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
