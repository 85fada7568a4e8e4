import { useEffect, useRef, useState } from 'react';
import { type NfcProblem, nfcProblemOf, webNfcReader, writeTipLinkToTag } from '../lib/nfc';
import { Button } from './ui/Button';
import { toast } from './ui/toast-store';
import { useStaffTexts } from '../lib/staff-language';

type Phase =
  | { kind: 'idle' }
  | { kind: 'waiting' }
  | { kind: 'checking' }
  | { kind: 'failed'; problem: Exclude<NfcProblem, 'cancelled'> };

/**
 * 'Auf NFC-Tag schreiben' where the browser has Web NFC (Chrome on Android): writes the tip link
 * onto a tag held to the phone and confirms it by reading it back. Elsewhere the button is absent
 * and a hint says which phones can do it (decision 0382).
 */
export function NfcWriteButton({ url, bulkHint = false }: { url: string; bulkHint?: boolean }) {
  const t = useStaffTexts().common.nfc;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Leaving the dialog or tab stops the phone listening for tags.
  useEffect(() => () => running.current?.abort(), []);

  const Reader = webNfcReader();
  if (!Reader) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="nfc-unsupported">
        {t.unsupportedHint} {bulkHint ? t.bulkHint : null}
      </p>
    );
  }

  async function write(reader: NonNullable<typeof Reader>) {
    const controller = new AbortController();
    running.current = controller;
    setPhase({ kind: 'waiting' });
    try {
      await writeTipLinkToTag(url, {
        Reader: reader,
        signal: controller.signal,
        onWritten: () => setPhase({ kind: 'checking' }),
      });
      setPhase({ kind: 'idle' });
      toast({
        title: t.written,
        description: `${t.writtenDescription} ${url}`,
        variant: 'success',
      });
    } catch (error) {
      const problem = nfcProblemOf(error);
      setPhase(problem === 'cancelled' ? { kind: 'idle' } : { kind: 'failed', problem });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const busy = phase.kind === 'waiting' || phase.kind === 'checking';
  return (
    <div className="flex w-full flex-col gap-2" data-testid="nfc-write">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void write(Reader)}>
          {t.write}
        </Button>
        {busy ? (
          <Button size="sm" variant="ghost" onClick={() => running.current?.abort()}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {phase.kind === 'waiting' ? t.holdTag : phase.kind === 'checking' ? t.checking : null}
      </p>
      {phase.kind === 'failed' ? (
        <div role="alert" className="rounded border border-destructive p-2 text-sm">
          <p className="font-semibold">{t.failed}</p>
          <p>{t.problems[phase.problem]}</p>
        </div>
      ) : null}
    </div>
  );
}
