import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import type { IntegrationAssets } from '../../../shared/api/payment-points';
import { QR_DISPLAY_SIZE_PX, QR_PRINT_SIZE_PX } from '../../../shared/domain/constants';
import { QrCode } from '../../components/QrCode';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { downloadBlob, downloadQrPng, downloadQrSvg, qrFileName } from '../../lib/qr';
import { reportQrExport } from './setup/setup-api';
import { PRINT_LANGUAGES, type PrintLanguage } from './print-language';
import { selectClasses } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { activeAdminTexts, useAdminTexts } from '../../lib/admin-language';
import { adminPointsPart } from '../../../shared/i18n/admin-catalogue-points';

/**
 * Downloads the print sheet PDF with the session cookie; the file name comes from the server.
 * Here, not in admin-api.ts, as its words are the payment-point pages' (decision 0410).
 */
export async function downloadPdf(url: string): Promise<{ blob: Blob; fileName: string }> {
  const { admin: adminTexts } = activeAdminTexts(adminPointsPart);
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      adminTexts.qr.pdfNetworkTitle,
      adminTexts.qr.pdfNetworkMessage,
    );
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      'http_error',
      adminTexts.qr.pdfFailedTitle,
      adminTexts.qr.pdfFailedMessage,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'qr-code.pdf';
  return { blob: await response.blob(), fileName };
}

/** What the dialog shows: any code with a tip link, from a payment point or elsewhere. */
export interface QrPreviewTarget {
  uid: string;
  /** The tip link {origin}/t/{uid}. */
  link: string;
  /** Employee name, or the point's label. */
  name: string;
  jobTitle?: string | null;
  /** The server's printable A4 sheet in a guest language, when the code is a payment point. */
  pdfUrl?: ((language: PrintLanguage) => string) | null;
  /** The AiO block; leave out where the integration does not apply. */
  integration?: IntegrationAssets | null;
  integrationConfigured?: boolean;
}

export async function copyLink(link: string): Promise<void> {
  const { admin: adminTexts } = activeAdminTexts(adminPointsPart);
  const toasts = adminTexts.toasts;
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: toasts.copied, variant: 'success' });
  } catch {
    toast({ ...toasts.copyFailed, variant: 'destructive' });
  }
}

export async function savePng(target: Pick<QrPreviewTarget, 'uid' | 'link' | 'name'>) {
  const { admin: adminTexts } = activeAdminTexts(adminPointsPart);
  const toasts = adminTexts.toasts;
  try {
    await downloadQrPng(target.link, qrFileName(target.uid, target.name, 'png'));
    reportQrExport();
    toast({ ...toasts.downloaded, variant: 'success' });
  } catch {
    toast({ ...toasts.downloadFailed, variant: 'destructive' });
  }
}

export function saveSvg(target: Pick<QrPreviewTarget, 'uid' | 'link' | 'name'>) {
  const { admin: adminTexts } = activeAdminTexts(adminPointsPart);
  const toasts = adminTexts.toasts;
  try {
    downloadQrSvg(target.link, qrFileName(target.uid, target.name, 'svg'), target.name);
    reportQrExport();
    toast({ ...toasts.svgDownloaded, variant: 'success' });
  } catch {
    toast({ ...toasts.exportFailed, variant: 'destructive' });
  }
}

export async function savePdf(url: string) {
  const { admin: adminTexts } = activeAdminTexts(adminPointsPart);
  const toasts = adminTexts.toasts;
  try {
    const { blob, fileName } = await downloadPdf(url);
    downloadBlob(blob, fileName);
    toast({ ...toasts.pdfDownloaded, variant: 'success' });
  } catch {
    toast({ ...toasts.downloadFailed, variant: 'destructive' });
  }
}

/**
 * 'PDF (A4)' with the card's language beside it: the guests read the printed card, so it is
 * offered in every guest language, German first.
 */
export function PdfDownload({ url }: { url: (language: PrintLanguage) => string }) {
  const { qr: t } = useAdminTexts(adminPointsPart).admin;
  const id = useId();
  const [language, setLanguage] = useState<PrintLanguage>('de');
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t.pdfLanguage}
      </label>
      <select
        id={id}
        className={cn(selectClasses, 'h-9 w-auto text-sm')}
        value={language}
        title={t.pdfLanguage}
        data-testid="pdf-language"
        onChange={(event) => setLanguage(event.target.value as PrintLanguage)}
      >
        {PRINT_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t.pdfLanguages[code]}
          </option>
        ))}
      </select>
      <Button size="sm" variant="secondary" onClick={() => void savePdf(url(language))}>
        {t.pdf}
      </Button>
    </span>
  );
}

/** Prints only the print sheet (see `.print-sheet` in styles.css), then restores the page. */
function printSheet() {
  document.body.classList.add('printing-qr');
  const done = () => {
    document.body.classList.remove('printing-qr');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  reportQrExport();
  window.print();
}

/**
 * The QR preview dialog (spec §2): the code of the tip link, the uid, copy, PNG (400 × 400) and
 * SVG download, the A4 PDF, preview, print and the print template; for payment points also the
 * AiO integration block. Reused wherever a code is shown to admins.
 */
export function QrPreviewDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: QrPreviewTarget | null;
}) {
  const { admin: adminTexts, common: commonTexts } = useAdminTexts(adminPointsPart);
  const t = adminTexts.qr;
  const [template, setTemplate] = useState(false);
  const switchId = useId();

  if (!target) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTemplate(false);
        onOpenChange(next);
      }}
      title={`${t.title}: ${target.name}`}
      description={target.jobTitle ?? undefined}
      className="w-[min(40rem,calc(100vw-2rem))]"
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {commonTexts.close}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <label htmlFor={switchId} className="flex items-center gap-3 text-sm font-medium">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            aria-checked={template}
            checked={template}
            onChange={(event) => setTemplate(event.target.checked)}
            className="h-5 w-5 accent-[var(--primary)]"
          />
          {t.printTemplate}
        </label>

        {template ? (
          <div
            className="print-sheet mx-auto flex w-full max-w-sm flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-white p-5 text-center text-black"
            data-testid="print-sheet"
          >
            <p className="text-lg font-bold">{target.name}</p>
            {target.jobTitle ? <p className="text-sm text-neutral-600">{target.jobTitle}</p> : null}
            <QrCode
              value={target.link}
              size={QR_PRINT_SIZE_PX}
              alt={adminTexts.qr.alt(target.name)}
            />
            <p className="text-sm">{t.instruction}</p>
            <p className="font-semibold">{t.thanks}</p>
          </div>
        ) : (
          <div className="flex justify-center">
            <QrCode
              value={target.link}
              size={QR_DISPLAY_SIZE_PX}
              alt={adminTexts.qr.alt(target.name)}
            />
          </div>
        )}

        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">{t.uid}</dt>
            <dd className="break-all font-mono" data-testid="qr-dialog-uid">
              {target.uid}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t.link}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code
                className="min-w-0 break-all rounded bg-muted px-2 py-1"
                data-testid="qr-dialog-link"
              >
                {target.link}
              </code>
              <Button variant="outline" size="sm" onClick={() => void copyLink(target.link)}>
                {t.copy}
              </Button>
            </dd>
          </div>
        </dl>

        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void savePng(target)}>
            {t.png}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => saveSvg(target)}>
            {t.svg}
          </Button>
          {target.pdfUrl ? <PdfDownload url={target.pdfUrl} /> : null}
          <a
            href={target.link}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
          >
            {t.preview}
          </a>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              // Put the sheet on screen first, then print it.
              flushSync(() => setTemplate(true));
              printSheet();
            }}
          >
            {t.print}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">{t.printHint}</p>

        {target.integration !== undefined ? (
          <IntegrationBlock
            integration={target.integration}
            configured={target.integrationConfigured ?? false}
          />
        ) : null}
      </div>
    </Dialog>
  );
}

export function IntegrationBlock({
  integration,
  configured,
}: {
  integration: IntegrationAssets | null;
  configured: boolean;
}) {
  const { admin: adminTexts } = useAdminTexts(adminPointsPart);
  const t = adminTexts.qr;
  const synced = integration?.status === 'synced';
  return (
    <section className="rounded-lg border border-border p-3 text-sm" aria-label={t.integration}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t.integration}</span>
        <Badge
          variant={synced ? 'success' : integration?.status === 'error' ? 'destructive' : 'outline'}
        >
          {synced ? t.synced : t.notSynced}
        </Badge>
      </div>
      {synced && integration ? (
        <dl className="grid gap-1 sm:grid-cols-2">
          <Fact label={t.qrCodeId} value={integration.qrCodeId} />
          <Fact label={t.nfcObjectId} value={integration.nfcObjectId} />
          <Fact
            label={t.syncedAt}
            value={integration.syncedAt ? formatDateTime(integration.syncedAt) : null}
          />
          <div>
            <dt className="text-muted-foreground">{t.downloads}</dt>
            <dd className="flex gap-3">
              {(['png', 'pdf', 'svg'] as const).map((kind) =>
                integration.downloadLinks[kind] ? (
                  <a
                    key={kind}
                    href={integration.downloadLinks[kind]!}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline underline-offset-4"
                  >
                    {kind.toUpperCase()}
                  </a>
                ) : null,
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <p className={cn(integration?.error ? 'text-destructive' : 'text-muted-foreground')}>
          {integration?.error ?? (configured ? t.pending : t.notConfigured)}
        </p>
      )}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-all font-mono text-xs">{value ?? '—'}</dd>
    </div>
  );
}
