import { useEffect, useState } from 'react';
import type { ThankYouResponse } from '../../../shared/api/tips';
import { formatCents } from '../../../shared/domain/money';
import { FEEDBACK_EMOJI_CHARS } from '../../../shared/domain/tips';
import { thanksIn, tonalityIn } from '../../../shared/i18n/guest';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { BrandMark, setGuestBranding } from './brand-theme';
import { guestApi } from './guest-api';
import { LegalLinks } from './LegalLinks';
import { useFirstViewTexts } from './i18n';
import { usePageTexts } from './page-texts';
import { recallPayment } from './payment-memory';
import { Avatar } from './RecipientHeader';
import { BUSINESS_TIME_ZONE } from '../../../shared/domain/constants';

/** The private link's secret rides in the fragment (`#token=…`), so no server log ever sees it. */
function tokenFromFragment(): string | undefined {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

const BERLIN_DAY: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  timeZone: BUSINESS_TIME_ZONE,
};

type State =
  | { state: 'loading' }
  | { state: 'error'; code: string | null }
  | { state: 'ready'; tip: ThankYouResponse };

/**
 * "Trinkgeld weiterempfehlen": the native share sheet, otherwise the link copied to the clipboard
 * with a toast saying so (decision 0480; an alert could be suppressed and left the copy silent).
 */
async function share(texts: ReturnType<typeof usePageTexts>['thankYou']): Promise<void> {
  const url = window.location.origin;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: texts.shareTitle, text: texts.shareText, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: texts.shareCopied, variant: 'success' });
  } catch {
    toast({ title: texts.toastUnexpected, variant: 'destructive' });
  }
}

/**
 * 'Seite schließen': browsers close only windows a script opened, never the tab a QR code opened,
 * so no button pretends to; the guest is told they may close the tab.
 */
function CloseHint() {
  const texts = usePageTexts().thankYou;
  return <p className="text-sm text-muted-foreground">{texts.closeHint}</p>;
}

/** /thank-you?tipId=… or ?session_id=…: the paid tip, as a receipt to keep (spec §2). */
export function ThankYouPage({ search }: { search: string }) {
  const { thankYou: texts, intl } = usePageTexts();
  const firstTexts = useFirstViewTexts();
  usePageTitle(texts.pageTitle);
  const [state, setState] = useState<State>({ state: 'loading' });

  useEffect(() => {
    const query = new URLSearchParams(search);
    const tipId = query.get('tipId');
    const sessionId = query.get('session_id');
    if (!tipId && !sessionId) {
      // The spec sends a /thank-you that names no tip to / (the server does too).
      window.location.replace('/');
      return;
    }
    let active = true;
    guestApi
      .thankYou(
        tipId ? { tipId } : { sessionId: sessionId! },
        tipId ? (tokenFromFragment() ?? recallPayment(tipId)?.token) : undefined,
      )
      .then((tip) => {
        if (!active) return;
        setGuestBranding(tip.branding);
        setState({ state: 'ready', tip });
      })
      .catch((error: unknown) => {
        if (!active) return;
        // The tip page this tab paid at, when it remembers: the way back that works.
        setState({ state: 'error', code: tipId ? (recallPayment(tipId)?.code ?? null) : null });
        const notFound =
          error instanceof ApiError && (error.status === 404 || error.status === 400);
        toast({
          title: notFound ? texts.toastNotFound : texts.toastLoadFailed,
          variant: 'destructive',
        });
      });
    return () => {
      active = false;
    };
  }, [search, texts]);

  if (state.state === 'loading') {
    return (
      <FullScreenMessage>
        <Spinner label={texts.loading} />
      </FullScreenMessage>
    );
  }
  if (state.state === 'error') {
    return (
      <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center p-4">
        <Card className="flex flex-col items-center gap-4 p-6 text-center">
          <h1 className="text-2xl font-bold">{texts.errorTitle}</h1>
          <p className="text-muted-foreground">{texts.errorDescription}</p>
          {state.code ? (
            <a
              href={`/t/${encodeURIComponent(state.code)}`}
              className={buttonClasses('primary', 'lg', 'w-full')}
            >
              {texts.backToTipPage}
            </a>
          ) : null}
          <CloseHint />
        </Card>
      </main>
    );
  }

  const { tip } = state;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center p-4">
      <Card className="flex flex-col items-center gap-3 p-6 text-center">
        <BrandMark />
        <Avatar name={tip.recipient.displayName} url={tip.recipient.imageUrl} />
        <h1 className="text-2xl font-bold">{texts.heading}</h1>
        <p className="text-lg font-semibold">{tip.recipient.displayName}</p>
        {tip.recipient.jobTitle ? (
          <p className="text-sm text-muted-foreground">{tip.recipient.jobTitle}</p>
        ) : null}
        <p className="italic text-muted-foreground">
          „{thanksIn(tip.recipient.thankYouMessage, tonalityIn(firstTexts, tip.branding.tonality))}“
        </p>
        <dl className="mt-2 flex w-full flex-col gap-2 rounded-lg border border-border p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-left text-muted-foreground">
              {texts.tipFor(tip.recipient.displayName)}
            </dt>
            <dd className="tabular-nums" data-testid="thank-you-tip">
              {formatCents(tip.amountCents, tip.currency, intl)}
            </dd>
          </div>
          {tip.platformFeeCents > 0 ? (
            <div className="flex justify-between gap-3">
              <dt className="text-left text-muted-foreground">{texts.contribution}</dt>
              <dd className="tabular-nums" data-testid="thank-you-contribution">
                {formatCents(tip.platformFeeCents, tip.currency, intl)}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3">
            <dt className="text-left text-muted-foreground">{texts.totalPaid}</dt>
            <dd className="text-lg font-bold tabular-nums" data-testid="thank-you-amount">
              {formatCents(tip.totalCents, tip.currency, intl)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted-foreground">{texts.transactionId}</dt>
            <dd className="font-mono">{tip.shortId}</dd>
          </div>
        </dl>
        {tip.delivery ? (
          <div
            className="w-full rounded-lg border border-success p-3 text-left text-sm"
            data-testid="thank-you-delivery"
          >
            <p className="font-medium">{texts.deliveryTitle}</p>
            <p>
              {texts.delivered(
                formatCents(tip.delivery.amountCents, tip.currency, intl),
                new Intl.ListFormat(intl, { type: 'conjunction' }).format(tip.delivery.recipients),
                new Intl.DateTimeFormat(intl, BERLIN_DAY).format(new Date(tip.delivery.paidOutAt)),
              )}
            </p>
          </div>
        ) : null}
        {tip.reply ? (
          <div
            className="w-full rounded-lg bg-muted p-3 text-left text-sm"
            data-testid="thank-you-reply"
          >
            <p className="font-medium">
              {texts.replyFrom(tip.reply.from || tip.recipient.displayName)}
            </p>
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">„{tip.reply.message}“</p>
          </div>
        ) : null}
        {tip.guestMessage || tip.feedbackMessage || tip.feedbackEmoji ? (
          <div className="w-full rounded-lg bg-muted p-3 text-left text-sm">
            <p className="font-medium">{texts.yourMessage}</p>
            <p>
              {tip.feedbackEmoji ? `${FEEDBACK_EMOJI_CHARS[tip.feedbackEmoji]} ` : ''}
              {tip.guestMessage ?? tip.feedbackMessage ?? ''}
            </p>
            {tip.guestMessage && tip.feedbackMessage ? <p>{tip.feedbackMessage}</p> : null}
          </div>
        ) : null}
        <div className="mt-2 flex w-full flex-col gap-3">
          {tip.code ? (
            <a
              href={`/t/${encodeURIComponent(tip.code)}`}
              className={buttonClasses('primary', 'lg', 'w-full')}
            >
              {texts.backToTipPage}
            </a>
          ) : null}
          <Button variant="outline" size="lg" className="w-full" onClick={() => void share(texts)}>
            {texts.share}
          </Button>
          <CloseHint />
        </div>
      </Card>
      <LegalLinks />
    </main>
  );
}
