import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type PaymentPoint } from '../../../../shared/api/payment-points';
import { QrCode } from '../../../components/QrCode';
import { NfcWriteButton } from '../../../components/NfcWriteButton';
import { WalletLinks } from '../../../components/WalletLinks';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { formatCents, formatDateTime, formatNumber } from '../../../lib/format';
import { adminApi, adminKeys } from '../admin-api';
import { useSelectedBusinessId } from '../business-scope';
import { copyLink, IntegrationBlock, PdfDownload, savePng } from '../QrPreviewDialog';
import { useAdminTexts } from '../../../lib/admin-language';
import { adminPointsPart } from '../../../../shared/i18n/admin-catalogue-points';

/** Row click (spec §2): the point with its QR code, link, statistics from real tips and downloads. */
export function PointDetailsDialog({
  point,
  integrationConfigured,
  onClose,
  onShowQr,
}: {
  point: PaymentPoint | null;
  integrationConfigured: boolean;
  onClose: () => void;
  onShowQr: (point: PaymentPoint) => void;
}) {
  const {
    labels: {
      pointTargetTypes: PAYMENT_POINT_TARGET_TYPE_LABELS,
      pointTypes: PAYMENT_POINT_TYPE_LABELS,
    },
  } = useAdminTexts(adminPointsPart);
  const { admin: adminTexts, common: commonTexts } = useAdminTexts(adminPointsPart);
  const d = adminTexts.details;
  const q = adminTexts.qr;
  const businessId = useSelectedBusinessId();
  const details = useQuery({
    queryKey: adminKeys.point(businessId, point?.id ?? ''),
    queryFn: () => adminApi.point(point!.id),
    enabled: point !== null,
  });
  useEffect(() => {
    if (details.isError) {
      toast({
        title: adminTexts.toasts.errorTitle,
        description: adminTexts.toasts.qrDataFailed,
        variant: 'destructive',
      });
    }
  }, [adminTexts.toasts.errorTitle, adminTexts.toasts.qrDataFailed, details.isError]);

  const wallet = useQuery({
    queryKey: [...adminKeys.point(businessId, point?.id ?? ''), 'wallet'],
    queryFn: () => adminApi.pointWallet(point!.id),
    enabled: point !== null && point.type === 'person',
  });
  const shown = details.data?.point ?? point;
  const stats = details.data?.stats;
  const name = shown?.targetType === 'user' ? (shown.targetName ?? shown.label) : shown?.label;
  return (
    <Dialog
      open={point !== null}
      onOpenChange={(open) => !open && onClose()}
      title={d.title}
      description={shown ? `${shown.label} · ${shown.uid}` : undefined}
      className="w-[min(44rem,calc(100vw-2rem))]"
      footer={
        <Button variant="outline" onClick={onClose}>
          {commonTexts.close}
        </Button>
      }
    >
      {shown ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
            <QrCode
              value={shown.link}
              alt={adminTexts.qr.alt(name ?? shown.label)}
              className="shrink-0"
            />
            <dl className="grid w-full min-w-0 gap-2 text-sm">
              <Row label={q.uid}>
                <span className="break-all font-mono" data-testid="details-uid">
                  {shown.uid}
                </span>
              </Row>
              <Row label={q.link}>
                <span className="flex flex-wrap items-center gap-2">
                  <code className="min-w-0 break-all rounded bg-muted px-2 py-1">{shown.link}</code>
                  <Button variant="outline" size="sm" onClick={() => void copyLink(shown.link)}>
                    {q.copy}
                  </Button>
                </span>
              </Row>
              <Row label={d.type}>{PAYMENT_POINT_TYPE_LABELS[shown.type]}</Row>
              <Row label={d.target}>
                {shown.targetName ?? '—'} ({PAYMENT_POINT_TARGET_TYPE_LABELS[shown.targetType]})
              </Row>
              <Row label={d.status}>
                <Badge variant={shown.active ? 'success' : 'outline'}>
                  {shown.active ? adminTexts.uid.status.active : adminTexts.uid.status.inactive}
                </Badge>
              </Row>
              <Row label={d.created}>{formatDateTime(shown.createdAt)}</Row>
            </dl>
          </div>

          <section
            aria-labelledby="point-stats-title"
            className="rounded-lg border border-border p-3"
          >
            <h3 id="point-stats-title" className="font-semibold">
              {d.stats}
            </h3>
            <p className="mb-2 text-xs text-muted-foreground">{d.statsHint}</p>
            {stats ? (
              <dl
                className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4"
                data-testid="point-stats"
              >
                <Stat label={d.scanCount} value={formatNumber(stats.scanCount)} />
                <Stat
                  label={d.lastActivity}
                  value={stats.lastActivity ? formatDateTime(stats.lastActivity) : d.never}
                />
                <Stat
                  label={d.totalTips}
                  value={formatCents(stats.totalTipsCents, stats.currency)}
                />
                <Stat
                  label={d.averageTip}
                  value={formatCents(stats.averageTipCents, stats.currency)}
                />
              </dl>
            ) : details.isError ? (
              <p className="text-sm text-destructive">{adminTexts.toasts.qrDataFailed}</p>
            ) : (
              <Spinner />
            )}
          </section>

          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() =>
                void savePng({ uid: shown.uid, link: shown.link, name: name ?? shown.label })
              }
            >
              {q.png}
            </Button>
            <PdfDownload url={(language) => adminApi.pdfUrl(shown.id, language)} />
            <a
              href={shown.link}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('outline', 'sm')}
            >
              {q.preview}
            </a>
            <Button size="sm" variant="outline" onClick={() => onShowQr(shown)}>
              {d.openQr}
            </Button>
            <WalletLinks links={wallet.data} soon="toast" />
          </div>
          <NfcWriteButton url={shown.link} bulkHint />
          <IntegrationBlock integration={shown.integration} configured={integrationConfigured} />
        </div>
      ) : null}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
