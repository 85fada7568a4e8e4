import { useState } from 'react';
import { BREAKPOINTS_PX, QR_PNG_DOWNLOAD_SIZE_PX } from '../../../../shared/domain/constants';
import { commonTexts } from '../../../../shared/i18n/common';
import { styleguideTexts } from '../../../../shared/i18n/public-docs';
import { QrCode } from '../../../components/QrCode';
import { ThemeSwitcher } from '../../../components/ThemeSwitcher';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { Tabs } from '../../../components/ui/Tabs';
import { toast } from '../../../components/ui/toast-store';
import { downloadQrPng, downloadQrSvg, qrFileName } from '../../../lib/qr';
import { DocSection } from '../components/DocsParts';
import { SampleLabel } from './SampleLabel';

const t = styleguideTexts;
type TabKey = keyof typeof t.feedback.tabs;

export function FeedbackSection() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [tab, setTab] = useState<TabKey>('today');
  const f = t.feedback;
  return (
    <DocSection id="rueckmeldungen" title={t.sections.feedback}>
      <SampleLabel>{f.overlaysLabel}</SampleLabel>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => toast({ title: f.toastDefaultTitle })}>
          {f.toastDefault}
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            toast({
              title: f.toastSuccessTitle,
              description: f.toastSuccessText,
              variant: 'success',
            })
          }
        >
          {f.toastSuccess}
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            toast({
              title: f.toastErrorTitle,
              description: f.toastErrorText,
              variant: 'destructive',
            })
          }
        >
          {f.toastError}
        </Button>
        <Button variant="outline" onClick={() => setDialogOpen(true)}>
          {f.openDialog}
        </Button>
        <Spinner label={f.spinner} className="text-muted-foreground" />
      </div>
      <Dialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={f.dialogTitle}
        description={f.dialogText}
        footer={
          <>
            <Button variant="outline" onClick={() => setDialogOpen(false)}>
              {commonTexts.cancel}
            </Button>
            <Button variant="destructive" onClick={() => setDialogOpen(false)}>
              {f.dialogConfirm}
            </Button>
          </>
        }
      />
      <div className="mt-8 max-w-xl">
        <SampleLabel>{f.tabsSampleLabel}</SampleLabel>
        <Tabs
          label={f.tabsLabel}
          value={tab}
          onValueChange={setTab}
          items={(Object.keys(f.tabs) as TabKey[]).map((key) => ({
            key,
            label: f.tabs[key],
            content: <p className="text-muted-foreground">{f.tabContent[key]}</p>,
          }))}
        />
      </div>
    </DocSection>
  );
}

const SPACING_STEPS = [
  { className: 'w-1', name: '1 · 4 px' },
  { className: 'w-2', name: '2 · 8 px' },
  { className: 'w-3', name: '3 · 12 px' },
  { className: 'w-4', name: '4 · 16 px' },
  { className: 'w-6', name: '6 · 24 px' },
  { className: 'w-8', name: '8 · 32 px' },
  { className: 'w-12', name: '12 · 48 px' },
  { className: 'w-16', name: '16 · 64 px' },
] as const;

export function SpacingSection() {
  return (
    <DocSection id="abstaende" title={t.sections.spacing} lead={t.spacing.lead}>
      <ul className="flex flex-col gap-2">
        {SPACING_STEPS.map((step) => (
          <li key={step.name} className="flex items-center gap-4">
            <code className="w-24 text-xs text-muted-foreground">{step.name}</code>
            <span className={`h-4 rounded-sm bg-primary ${step.className}`} />
          </li>
        ))}
      </ul>
      <div className="mt-8 grid gap-8 sm:grid-cols-2">
        <div>
          <SampleLabel>{t.spacing.radius}</SampleLabel>
          <div className="flex gap-4">
            {['rounded-sm', 'rounded-md', 'rounded-lg', 'rounded-full'].map((radius) => (
              <div key={radius} className="flex flex-col items-center gap-2">
                <span className={`h-14 w-14 border-2 border-primary bg-muted ${radius}`} />
                <code className="text-xs text-muted-foreground">{radius}</code>
              </div>
            ))}
          </div>
        </div>
        <div>
          <SampleLabel>{t.spacing.breakpoints}</SampleLabel>
          <ul className="flex flex-col gap-1 text-sm">
            {Object.entries(BREAKPOINTS_PX).map(([name, px]) => (
              <li key={name}>
                <code className="font-semibold">{name}</code> {t.spacing.breakpointFrom(px)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </DocSection>
  );
}

export function AnimationsSection() {
  const [round, setRound] = useState(0);
  const samples = [
    { className: 'animate-fade-in', name: t.animations.fadeIn },
    { className: 'animate-pop-in', name: t.animations.popIn },
    { className: 'animate-spin', name: t.animations.spin },
  ];
  return (
    <DocSection id="animationen" title={t.sections.animations} lead={t.animations.lead}>
      <div className="flex flex-wrap items-end gap-8">
        {samples.map((sample) => (
          <div key={`${sample.className}-${round}`} className="flex flex-col items-center gap-3">
            <span className={`block h-14 w-14 rounded-lg bg-accent ${sample.className}`} />
            <span className="text-sm text-muted-foreground">{sample.name}</span>
          </div>
        ))}
        <Button variant="outline" onClick={() => setRound((n) => n + 1)}>
          {t.animations.replay}
        </Button>
      </div>
    </DocSection>
  );
}

export function QrSection() {
  const q = t.qr;
  const onError = () =>
    toast({
      title: q.downloadFailedTitle,
      description: q.downloadFailedText,
      variant: 'destructive',
    });
  return (
    <DocSection id="qr-code" title={t.sections.qr} lead={q.lead}>
      <div className="flex flex-col items-start gap-6 sm:flex-row">
        <QrCode value={q.value} alt={q.alt} className="border border-border" />
        <div className="flex flex-col items-start gap-3">
          <code className="break-all text-sm text-muted-foreground">{q.value}</code>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                downloadQrPng(
                  q.value,
                  qrFileName('aio-anna-schneider-4k7p', 'Anna Schneider', 'png'),
                ).catch(onError);
              }}
            >
              {q.png} ({QR_PNG_DOWNLOAD_SIZE_PX} px)
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                downloadQrSvg(
                  q.value,
                  qrFileName('aio-anna-schneider-4k7p', 'Anna Schneider', 'svg'),
                  q.alt,
                )
              }
            >
              {q.svg}
            </Button>
          </div>
          <div className="mt-2 flex flex-col gap-2">
            <span className="text-sm font-medium">{q.theme}</span>
            <ThemeSwitcher showLabels />
          </div>
        </div>
      </div>
    </DocSection>
  );
}
