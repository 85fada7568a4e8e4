import { Link } from '../../../lib/router';
import { PRESET_TIP_AMOUNTS_CENTS } from '../../../../shared/domain/constants';
import { formatCents } from '../../../../shared/domain/money';
import { publicTexts } from '../../../../shared/i18n/public';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { cn } from '../../../lib/cn';
import { Icon } from '../components/Icon';
import { formatEuroShort } from '../money';
import { scrollToSection } from '../scroll';
import { useSignupOpen } from '../queries';

const t = publicTexts.landing.hero;
/** The preview shows the middle preset chosen, as a guest would most often do. */
const PREVIEW_AMOUNT_CENTS = PRESET_TIP_AMOUNTS_CENTS[1];

export function Hero() {
  // The way to /registrieren only while businesses may sign up on their own (SIGNUP=open).
  const signupOpen = useSignupOpen();
  return (
    <div className="bg-gradient-to-b from-muted to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <div className="flex flex-col items-start gap-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm font-medium">
            <Icon name="sparkles" className="h-4 w-4 text-primary" />
            {t.eyebrow}
          </p>
          <h1 className="text-4xl font-bold leading-tight tracking-tight sm:text-5xl">{t.title}</h1>
          <p className="max-w-xl text-lg text-muted-foreground">{t.lead}</p>
          <div className="flex flex-wrap gap-3">
            {signupOpen ? (
              <Link to="/registrieren" className={buttonClasses('primary', 'lg')}>
                {t.primary}
                <Icon name="arrowRight" />
              </Link>
            ) : null}
            <Button variant="outline" size="lg" onClick={() => scrollToSection('demo')}>
              <Icon name="play" />
              {t.secondary}
            </Button>
          </div>
        </div>
        <TipPagePreview />
      </div>
    </div>
  );
}

/** A drawing of the guest tip page; not interactive, the real one is in the demo section. */
function TipPagePreview() {
  return (
    <figure className="mx-auto w-full max-w-xs animate-fade-in">
      <figcaption className="sr-only">{t.previewLabel}</figcaption>
      <div className="rounded-[2rem] border-4 border-input bg-card p-5 shadow-xl">
        <div className="mx-auto mb-5 h-1.5 w-16 rounded-full bg-border" aria-hidden="true" />
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
          >
            AS
          </span>
          <p className="text-sm font-medium">{t.previewPerson}</p>
        </div>
        <p className="mt-5 text-lg font-bold">{t.previewTitle}</p>
        <div className="mt-3 grid grid-cols-3 gap-2">
          {PRESET_TIP_AMOUNTS_CENTS.map((cents) => (
            <span
              key={cents}
              className={cn(
                'rounded-lg border py-3 text-center font-semibold',
                cents === PREVIEW_AMOUNT_CENTS
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border',
              )}
            >
              {formatEuroShort(cents)}
            </span>
          ))}
        </div>
        <p className="mt-4 rounded-lg bg-primary py-3 text-center text-sm font-semibold text-primary-foreground">
          {/* German amounts as on the real tip page: "10,00 €" (decision 0026). */}
          {t.previewContinue(formatCents(PREVIEW_AMOUNT_CENTS))}
        </p>
        <div className="mt-4 flex items-center justify-center gap-2 text-xs text-muted-foreground">
          <Icon name="lock" className="h-4 w-4" />
          <span>{t.previewMethods}</span>
        </div>
      </div>
    </figure>
  );
}
