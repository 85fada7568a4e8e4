import { Link } from '../../../lib/router';
import {
  EXAMPLE_PLATFORM_CONTRIBUTION_CENTS,
  PRO_PRICE_CENTS_PER_LOCATION_MONTH,
} from '../../../../shared/domain/constants';
import { formatCents } from '../../../../shared/domain/money';
import { publicTexts } from '../../../../shared/i18n/public';
import { buttonClasses } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Icon } from '../components/Icon';
import { MailLink } from '../components/MailLink';
import { Section } from '../components/Section';
import { formatEuroShort } from '../money';
import { useSignupOpen } from '../queries';

const t = publicTexts.landing;
/** The spec's example: a 10 EUR tip plus a 50 cent contribution. */
const EXAMPLE_TIP_CENTS = 1_000;

export function FairPricing() {
  const rows = [
    { label: t.pricing.exampleTip, cents: EXAMPLE_TIP_CENTS },
    { label: t.pricing.exampleContribution, cents: EXAMPLE_PLATFORM_CONTRIBUTION_CENTS },
  ];
  return (
    <Section id="preise" tone="muted" title={t.pricing.title} lead={t.pricing.lead}>
      <div className="grid gap-8 lg:grid-cols-[1.3fr_1fr]">
        <ul className="grid gap-4 sm:grid-cols-2">
          {t.pricing.items.map((item) => (
            <li key={item.title} className="flex gap-3">
              <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-success text-success-foreground">
                <Icon name="check" className="h-4 w-4" />
              </span>
              <div>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-1 text-muted-foreground">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <Card className="flex flex-col gap-4 p-6">
          <h3 className="font-semibold">{t.pricing.exampleTitle}</h3>
          <dl className="flex flex-col gap-2">
            {rows.map((row) => (
              <div key={row.label} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{row.label}</dt>
                <dd className="font-medium tabular-nums">{formatCents(row.cents)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t border-border pt-2">
              <dt className="font-semibold">{t.pricing.exampleTotal}</dt>
              <dd className="font-semibold tabular-nums">
                {formatCents(EXAMPLE_TIP_CENTS + EXAMPLE_PLATFORM_CONTRIBUTION_CENTS)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 rounded-lg bg-muted p-3">
              <dt className="font-semibold">{t.pricing.exampleReceived}</dt>
              <dd className="font-bold tabular-nums text-success">
                {formatCents(EXAMPLE_TIP_CENTS)}
              </dd>
            </div>
          </dl>
          <Link to="/employee/login" className={buttonClasses('primary', 'md', 'mt-2')}>
            {t.pricing.button}
          </Link>
        </Card>
      </div>
    </Section>
  );
}

export function ProOffer() {
  return (
    <Section id="pro" eyebrow={t.pro.eyebrow} title={t.pro.title} lead={t.pro.lead}>
      <Card className="grid gap-8 overflow-hidden p-6 sm:p-8 md:grid-cols-[1fr_1.4fr]">
        <div className="flex flex-col items-start gap-2">
          <p className="flex items-baseline gap-2">
            <span className="text-lg text-muted-foreground">{t.pro.pricePrefix}</span>
            <span className="text-5xl font-bold tracking-tight">
              {formatEuroShort(PRO_PRICE_CENTS_PER_LOCATION_MONTH)}
            </span>
          </p>
          <p className="font-medium">{t.pro.priceUnit}</p>
          <p className="text-sm text-muted-foreground">
            {t.pro.vat} · {t.pro.cancellable}
          </p>
          <ProTrialLink />
          <p className="text-sm text-muted-foreground">{t.pro.trialNote}</p>
          <Link to="/admin/tarif" className="text-sm font-medium underline underline-offset-4">
            {t.pro.existingCustomer}
          </Link>
          <p className="mt-2 text-sm text-muted-foreground">
            {t.pro.groupsLead}{' '}
            <MailLink
              subject={t.pro.mailSubject}
              body={t.pro.mailBody}
              className="font-medium underline underline-offset-4"
            >
              {t.pro.enquiry}
            </MailLink>
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {t.pro.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Icon name="check" className="mt-0.5 text-success" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </Card>
    </Section>
  );
}

/**
 * 'Pro testen' (decision 0610): a new business signs up and tries Pro from 'Tarif'; where sign-up
 * is closed, the link leads to 'Tarif' itself (the sign-in page first, for someone signed out).
 */
function ProTrialLink() {
  const signupOpen = useSignupOpen();
  return (
    <Link
      to={signupOpen ? '/registrieren' : '/admin/tarif'}
      className={buttonClasses('accent', 'lg', 'mt-4')}
    >
      <Icon name="sparkles" />
      {t.pro.button}
    </Link>
  );
}
