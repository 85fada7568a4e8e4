import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { QrCard } from '../../../shared/api/employee';
import { QrCode } from '../../components/QrCode';
import { NfcWriteButton } from '../../components/NfcWriteButton';
import { WalletLinks } from '../../components/WalletLinks';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { downloadQrPng, downloadQrSvg, qrFileName } from '../../lib/qr';
import { employeeApi, employeeKeys } from './employee-api';
import { useStaffTexts } from '../../lib/staff-language';
import type { StaffTexts } from '../../../shared/i18n/staff-catalogue';
import { staffPanelsPart } from '../../../shared/i18n/staff-panels';

async function copyLink(link: string, toasts: StaffTexts['employee']['qr']['toasts']) {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title: toasts.copied.title });
  } catch {
    toast({ ...toasts.copyFailed, variant: 'destructive' });
  }
}

export function CodeView({
  card,
  name,
}: {
  card: Extract<QrCard, { uid: string }>;
  name: string | null;
}) {
  const { employee: t, screens } = useStaffTexts(staffPanelsPart);
  const toasts = t.qr.toasts;
  const downloadPng = async () => {
    try {
      await downloadQrPng(card.link, qrFileName(card.uid, name, 'png'));
      toast({ ...toasts.downloaded, variant: 'success' });
    } catch {
      toast({ ...toasts.downloadFailed, variant: 'destructive' });
    }
  };
  const downloadSvg = () => {
    try {
      downloadQrSvg(card.link, qrFileName(card.uid, name, 'svg'), name ?? card.uid);
      toast({ ...toasts.downloadedSvg, variant: 'success' });
    } catch {
      toast({ ...toasts.exportFailed, variant: 'destructive' });
    }
  };
  // Legacy codes have no payment point, so no pass: the wallet buttons stay 'Demnächst'.
  const wallet = useQuery({
    queryKey: employeeKeys.wallet,
    queryFn: employeeApi.wallet,
    enabled: card.source === 'entrypoint',
  });
  return (
    <div className="flex flex-col items-center gap-4 md:flex-row md:items-start">
      <QrCode value={card.link} alt={screens.qrAlt(name ?? card.uid)} />
      <div className="flex w-full min-w-0 flex-col gap-3">
        {card.source === 'legacy' ? <p className="font-medium">{t.qr.legacy}</p> : null}
        <div>
          <p className="text-sm text-muted-foreground">{t.qr.uid}</p>
          <p className="font-mono" data-testid="qr-uid">
            {card.uid}
          </p>
        </div>
        <div>
          <p className="text-sm text-muted-foreground">{t.qr.link}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm"
              data-testid="qr-link"
            >
              {card.link}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copyLink(card.link, toasts)}>
              {t.qr.copy}
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void downloadPng()}>
            {t.qr.downloadPng}
          </Button>
          <Button size="sm" variant="secondary" onClick={downloadSvg}>
            {t.qr.downloadSvg}
          </Button>
          <a
            href={card.link}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
          >
            {t.qr.preview}
          </a>
          <WalletLinks links={wallet.data} soon="disabled" />
        </div>
        <NfcWriteButton url={card.link} />
        <p className="text-sm text-muted-foreground">{t.qr.hint}</p>
        {card.source === 'entrypoint' && card.others.length > 0 ? (
          <section aria-labelledby="qr-others-title" data-testid="qr-others">
            <h3 id="qr-others-title" className="font-semibold">
              {t.qr.others}
            </h3>
            <p className="text-sm text-muted-foreground">{t.qr.othersHint}</p>
            <ul className="mt-2 flex flex-col gap-2">
              {card.others.map((other) => (
                <li key={other.uid} className="min-w-0 rounded border border-border p-2 text-sm">
                  <span className="block font-medium [overflow-wrap:anywhere]">
                    {other.label ?? other.uid}
                  </span>
                  <a
                    href={other.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all font-mono text-xs text-primary underline underline-offset-4"
                  >
                    {other.link}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}

/** 'Mein QR-Code': the active payment point, else the legacy code, else the empty state (§4). */
export function QrTab({ name }: { name: string | null }) {
  const t = useStaffTexts(staffPanelsPart).employee;
  const toasts = t.qr.toasts;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: employeeKeys.qr, queryFn: employeeApi.qr });
  const create = useMutation({
    mutationFn: employeeApi.createQr,
    onSuccess: async () => {
      toast({ ...toasts.created, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: employeeKeys.qr });
    },
    onError: (error) =>
      toast({
        title: toasts.createFailed.title,
        description:
          error instanceof ApiError && error.status < 500
            ? error.message
            : toasts.createFailed.description,
        variant: 'destructive',
      }),
  });

  useEffect(() => {
    if (query.isError) toast({ ...toasts.loadFailed, variant: 'destructive' });
    // Once per failure, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError]);

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <CardTitle>{t.qr.title}</CardTitle>
        {query.data?.source === 'legacy' ? (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t.qr.refresh}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-destructive">
              {toasts.loadFailed.description}
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t.qr.refresh}
            </Button>
          </div>
        ) : query.data.source === 'none' ? (
          <div className="flex flex-col items-center gap-3 py-4 text-center">
            <p className="text-lg font-semibold">{t.qr.emptyTitle}</p>
            <p className="text-muted-foreground">{t.qr.emptyHint}</p>
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {t.qr.create}
            </Button>
            <a
              href={query.data.exampleLink}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm text-primary underline underline-offset-4"
            >
              {t.qr.demoExample}
            </a>
          </div>
        ) : (
          <CodeView card={query.data} name={name} />
        )}
      </CardContent>
    </Card>
  );
}
