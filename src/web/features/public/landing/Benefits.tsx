import { publicTexts } from '../../../../shared/i18n/public';
import { Card } from '../../../components/ui/Card';
import { Icon, type IconName } from '../components/Icon';
import { Section } from '../components/Section';

const t = publicTexts.landing;

const TRUST_ICONS: readonly IconName[] = ['phone', 'shield', 'zap', 'building'];
const FEATURE_ICONS: readonly IconName[] = ['heart', 'card', 'zap'];
const NO_APP_ICONS: readonly IconName[] = ['qr', 'eyeOff', 'phone'];
const AUDIENCE_ICONS: readonly IconName[] = ['building', 'utensils', 'glass', 'user'];

export function TrustBar() {
  return (
    <div className="border-y border-border bg-card">
      <ul
        aria-label={t.trust.label}
        className="mx-auto grid max-w-6xl grid-cols-1 gap-4 px-4 py-6 sm:grid-cols-2 sm:px-6 lg:grid-cols-4"
      >
        {t.trust.items.map((item, index) => (
          <li key={item} className="flex items-center gap-3 text-sm font-medium">
            <span className="flex h-9 w-9 items-center justify-center rounded-full bg-muted text-primary">
              <Icon name={TRUST_ICONS[index] ?? 'check'} />
            </span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface Item {
  readonly title: string;
  readonly text: string;
}

function CardGrid({
  items,
  icons,
  columns,
}: {
  items: readonly Item[];
  icons: readonly IconName[];
  columns: 3 | 4;
}) {
  return (
    <ul
      className={
        columns === 3 ? 'grid gap-6 md:grid-cols-3' : 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4'
      }
    >
      {items.map((item, index) => (
        <li key={item.title}>
          <Card className="h-full p-6">
            <span className="mb-4 flex h-11 w-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Icon name={icons[index] ?? 'check'} />
            </span>
            <h3 className="text-lg font-semibold">{item.title}</h3>
            <p className="mt-2 text-muted-foreground">{item.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function Features() {
  return (
    <Section id="features" title={t.features.title} lead={t.features.lead}>
      <CardGrid items={t.features.items} icons={FEATURE_ICONS} columns={3} />
    </Section>
  );
}

export function WhyNoApp() {
  return (
    <Section id="ohne-app" tone="muted" title={t.noApp.title} lead={t.noApp.lead}>
      <CardGrid items={t.noApp.items} icons={NO_APP_ICONS} columns={3} />
    </Section>
  );
}

export function Audiences() {
  return (
    <Section id="zielgruppen" title={t.audiences.title} lead={t.audiences.lead}>
      <CardGrid items={t.audiences.items} icons={AUDIENCE_ICONS} columns={4} />
    </Section>
  );
}
