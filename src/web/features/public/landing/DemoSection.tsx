import { Link } from '../../../lib/router';
import type { ShowcaseEntry, ShowcaseResponse } from '../../../../shared/api/showcase';
import { PRESET_TIP_AMOUNTS_CENTS } from '../../../../shared/domain/constants';
import { publicTexts } from '../../../../shared/i18n/public';
import { QrCode } from '../../../components/QrCode';
import { buttonClasses } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { Icon } from '../components/Icon';
import { Section } from '../components/Section';
import { formatEuroShort } from '../money';
import { useDemoPages, usePublicConfig, useShowcase } from '../queries';

const t = publicTexts.landing.demo;

/** The person a guest would meet first; any demo point will do when there is no person. */
export function pickDemoEntry(showcase: ShowcaseResponse | undefined): ShowcaseEntry | undefined {
  const groups = showcase?.groups ?? [];
  return (groups.find((group) => group.type === 'person') ?? groups[0])?.entries[0];
}

export function DemoSection() {
  const showcase = useShowcase();
  const entry = pickDemoEntry(showcase.data);
  const demoMode = usePublicConfig().data?.paymentProvider === 'demo';
  const demoPages = useDemoPages();

  return (
    <Section
      id="demo"
      tone="muted"
      title={t.title}
      lead={
        <>
          {t.lead}
          {demoMode ? ` ${t.demoModeNote}` : null}
        </>
      }
    >
      <Card className="flex flex-col items-center gap-8 p-6 sm:p-8 md:flex-row md:items-start">
        {showcase.isPending ? (
          <Spinner label={t.loading} className="py-10 text-muted-foreground" />
        ) : entry ? (
          <>
            <QrCode
              value={entry.tipUrl}
              size={180}
              alt={t.qrAlt(entry.label)}
              className="border border-border"
            />
            <div className="flex min-w-0 flex-col items-start gap-4">
              <div>
                <p className="text-xl font-semibold">{entry.label}</p>
                {entry.department ? (
                  <p className="text-muted-foreground">{entry.department}</p>
                ) : null}
                <p className="mt-1 break-all font-mono text-sm text-muted-foreground">
                  /t/{entry.uid}
                </p>
              </div>
              <div>
                <p className="mb-2 text-sm font-medium">{t.amountsLabel}</p>
                <ul className="flex gap-2">
                  {PRESET_TIP_AMOUNTS_CENTS.map((cents) => (
                    <li
                      key={cents}
                      className="rounded-lg border border-border bg-background px-4 py-2 font-semibold"
                    >
                      {formatEuroShort(cents)}
                    </li>
                  ))}
                </ul>
              </div>
              {/* A full page load: the tip page is the separate guest entry, not a route of this app. */}
              <a
                href={`/t/${encodeURIComponent(entry.uid)}`}
                className={buttonClasses('primary', 'lg', '!h-auto min-h-12 py-2 text-left')}
              >
                {t.open}
                <Icon name="arrowRight" />
              </a>
            </div>
          </>
        ) : (
          <p className="text-muted-foreground">{t.unavailable}</p>
        )}
      </Card>
      {/* The showcase and the prototype overview exist only outside production (decision 0520). */}
      {demoPages ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/demo-showcase" className={buttonClasses('outline')}>
            <Icon name="qr" />
            {t.showcase}
          </Link>
          <Link to="/prototype-demo" className={buttonClasses('outline')}>
            <Icon name="play" />
            {t.prototype}
          </Link>
        </div>
      ) : null}
    </Section>
  );
}
