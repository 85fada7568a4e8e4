import type { ShowcaseEntry } from '../../../shared/api/showcase';
import { commonTexts } from '../../../shared/i18n/common';
import { publicTexts } from '../../../shared/i18n/public';
import { QrCode } from '../../components/QrCode';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { ApiError } from '../../lib/api';
import { DocsLayout } from './components/DocsLayout';
import { Icon } from './components/Icon';
import { useShowcase } from './queries';

const t = publicTexts.showcase;
const QR_SIZE_PX = 160;

/** /demo-showcase: every active demo payment point with its QR code, grouped by type. */
export function DemoShowcasePage() {
  const showcase = useShowcase();

  return (
    <DocsLayout title={t.title} description={t.description} lead={t.lead}>
      <div className="pt-6">
        {showcase.isPending ? (
          <Spinner label={t.loading} className="py-16 text-muted-foreground" />
        ) : showcase.isError ? (
          <Card role="alert" className="flex flex-col items-start gap-3 p-6">
            <p className="font-semibold">{t.loadError}</p>
            {showcase.error instanceof ApiError ? (
              <p className="text-muted-foreground">{showcase.error.message}</p>
            ) : null}
            <Button variant="outline" onClick={() => void showcase.refetch()}>
              {commonTexts.retry}
            </Button>
          </Card>
        ) : showcase.data.groups.length === 0 ? (
          <p className="py-10 text-muted-foreground">{t.empty}</p>
        ) : (
          <div className="flex flex-col gap-12">
            {showcase.data.groups.map((group) => (
              <section key={group.type} aria-labelledby={`gruppe-${group.type}`}>
                <div className="flex flex-wrap items-baseline gap-3">
                  <h2 id={`gruppe-${group.type}`} className="text-2xl font-bold">
                    {t.groups[group.type]}
                  </h2>
                  <Badge variant="secondary">{t.count(group.entries.length)}</Badge>
                </div>
                <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {group.entries.map((entry) => (
                    <li key={entry.uid}>
                      <ShowcaseCard entry={entry} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </DocsLayout>
  );
}

function ShowcaseCard({ entry }: { entry: ShowcaseEntry }) {
  const details = [
    { label: t.department, value: entry.department },
    { label: t.shift, value: entry.shift },
    { label: t.location, value: entry.location },
  ].filter((detail) => detail.value !== null);

  return (
    <Card className="flex h-full flex-col items-center gap-4 p-5 text-center">
      <QrCode
        value={entry.tipUrl}
        size={QR_SIZE_PX}
        alt={t.qrAlt(entry.label, entry.tipUrl)}
        className="border border-border"
      />
      <div className="flex w-full flex-col gap-1">
        <h3 className="text-lg font-semibold">{entry.label}</h3>
        <p className="break-all font-mono text-sm text-muted-foreground">
          <span className="sr-only">{t.uid}: </span>
          {entry.uid}
        </p>
      </div>
      {details.length > 0 ? (
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
          {details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-muted-foreground">{detail.label}</dt>
              <dd className="font-medium">{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {/* A full page load: the tip page is the separate guest entry, not a route of this app. */}
      <a
        href={`/t/${encodeURIComponent(entry.uid)}`}
        className={buttonClasses('primary', 'md', 'mt-auto w-full')}
      >
        {t.open}
        <span className="sr-only">: {entry.label}</span>
        <Icon name="arrowRight" />
      </a>
    </Card>
  );
}
