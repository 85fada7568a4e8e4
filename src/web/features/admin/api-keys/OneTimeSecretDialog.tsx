import { useId } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Label, Textarea } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast-store';

/** The words of the dialog, from the caller's part of the admin catalogue. */
export interface OneTimeSecretWords {
  secretTitle: string;
  secretOnce: string;
  copy: string;
  done: string;
  copied: string;
  copyFailed: string;
}

/**
 * A secret the server shows this once (an API key, a webhook endpoint's signing secret):
 * read-only, selected on focus, to copy, and closed only by 'Fertig' so it is not lost by a stray
 * click beside the dialog.
 */
export function OneTimeSecretDialog({
  secret,
  label,
  words,
  testId,
  rows,
  onDone,
}: {
  /** The secret, or null while no dialog shows. */
  secret: string | null;
  label: string;
  words: OneTimeSecretWords;
  testId: string;
  rows: number;
  onDone: () => void;
}) {
  const fieldId = useId();
  const copy = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: words.copied, variant: 'success' });
    } catch {
      toast({ title: words.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      dismissible={false}
      title={words.secretTitle}
      description={words.secretOnce}
      footer={
        <>
          <Button variant="outline" onClick={() => void copy()}>
            {words.copy}
          </Button>
          <Button onClick={onDone}>{words.done}</Button>
        </>
      }
    >
      {secret !== null ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fieldId} className="break-all">
            {label}
          </Label>
          <Textarea
            id={fieldId}
            data-testid={testId}
            readOnly
            rows={rows}
            spellCheck={false}
            autoComplete="off"
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="resize-none break-all font-mono text-sm"
          />
        </div>
      ) : null}
    </Dialog>
  );
}
