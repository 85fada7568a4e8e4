import type { AuditDescription, AuditReference } from '../../../shared/domain/audit-presenter';
import { toast } from '../../components/ui/toast-store';
import { shortReference } from './audit-format';
import { activeAdminTexts, useAdminTexts } from '../../lib/admin-language';

async function copyReference(reference: AuditReference): Promise<void> {
  const { admin: adminTexts } = activeAdminTexts();
  const t = adminTexts.audit;
  try {
    await navigator.clipboard.writeText(reference.id);
    toast({ title: t.referenceCopied, variant: 'success' });
  } catch {
    toast({ ...t.referenceCopyFailed, variant: 'destructive' });
  }
}

/**
 * The 'Details' of an audit row: the German sentence, and below it in small print the
 * ids as references, each with a button that copies the whole id (support and the CSV use them).
 */
export function AuditEntryDetails({ description }: { description: AuditDescription }) {
  const { admin: adminTexts } = useAdminTexts();
  const t = adminTexts.audit;
  return (
    <div className="flex min-w-[16rem] flex-col gap-1">
      <p data-testid="audit-sentence">{description.sentence}</p>
      {description.references.length > 0 ? (
        <div
          data-testid="audit-references"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground"
        >
          <span>{t.reference}:</span>
          {description.references.map((reference) => (
            <span key={reference.id} className="inline-flex items-center gap-1">
              <span>{reference.label}</span>
              <code className="font-mono" title={reference.id}>
                {shortReference(reference.id)}
              </code>
              <button
                type="button"
                className="rounded px-1.5 py-1 underline underline-offset-2 hover:bg-muted focus-visible:outline focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t.copyReference(reference.label, reference.id)}
                onClick={() => void copyReference(reference)}
              >
                {t.copy}
              </button>
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
