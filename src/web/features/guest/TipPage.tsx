import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GuestEntrypoint } from '../../../shared/api/entrypoints';
import type { TipStatusResponse } from '../../../shared/api/tips';
import { Card, CardContent } from '../../components/ui/Card';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { switchOnLaterBrandFont } from '../../lib/brand-theme';
import { usePageTitle } from '../../lib/page-title';
import { AmountStep } from './AmountStep';
import { setGuestBranding } from './brand-theme';
import { guestApi, track } from './guest-api';
import { useFirstViewTexts } from './i18n';
import { PaymentFlow, preloadPaymentFlow } from './on-demand';
import { readTipPageParams, type TipPageParams } from './params';
import { takeActivePayment } from './payment-memory';
import { LegalLinks } from './LegalLinks';
import { RecipientHeader } from './RecipientHeader';
import { handleLoadError, TipPageProblem, type TipPageProblemState } from './TipPageProblem';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; entry: GuestEntrypoint }
  | { state: 'problem'; problem: TipPageProblemState };

type Resume = { tipId: string; how: 'return' | 'cancel' | 'abandoned' };

/**
 * The guest tip page /t/{uid} (spec §2). The first view after a scan is the header and the
 * amount; everything after it (payment, success, error) loads on demand as PaymentFlow.
 */
export function TipPage({
  code,
  initialEntry,
}: {
  code: string;
  /** The payment point the server rendered this page for: the page starts ready, no fetch. */
  initialEntry?: GuestEntrypoint | undefined;
}) {
  const guestTexts = useFirstViewTexts();
  usePageTitle(guestTexts.pageTitle, guestTexts.pageDescription);
  const params = useMemo(
    () => readTipPageParams(typeof window === 'undefined' ? '' : window.location.search),
    [],
  );
  const [load, setLoad] = useState<Load>(
    initialEntry ? { state: 'ready', entry: initialEntry } : { state: 'loading' },
  );
  const [step, setStep] = useState<'amount' | 'payment'>('amount');
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const [feeCovered, setFeeCovered] = useState(false);
  const [message, setMessage] = useState('');
  const [payLater, setPayLater] = useState<{ token: string; until: string } | null>(null);
  const [resume, setResume] = useState<Resume | null>(null);
  const [returned, setReturned] = useState(false);
  // Set after hydration: the server's HTML knows nothing of the link's amount.
  const [linkAmount, setLinkAmount] = useState<TipPageParams['linkAmount']>(null);
  const started = useRef(false);
  // The branding font held back from a first visit's first view (decision 0412) comes with the
  // next step, before it paints: the screen changes anyway, right after the guest's tap.
  useLayoutEffect(() => {
    if (step !== 'amount') switchOnLaterBrandFont();
  }, [step]);

  const selectAmount = useCallback(
    (cents: number, source: 'preset' | 'custom' | 'link', entryCode: string) => {
      preloadPaymentFlow();
      setAmountCents(cents);
      track({
        name: 'amount_selected',
        code: entryCode,
        properties: { source, amount_cents: cents },
      });
    },
    [],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (params.checkout || params.amountCents !== null || params.payLaterToken)
      preloadPaymentFlow();
    void (async () => {
      let entry: GuestEntrypoint;
      try {
        entry = initialEntry ?? (await guestApi.resolveCode(code));
      } catch (error) {
        // The problem pages come with the app: the server renders them too and they hydrate.
        const problem = handleLoadError(error, code);
        if (problem) setLoad({ state: 'problem', problem });
        return;
      }
      setGuestBranding(entry.branding);
      // Back from the hosted checkout, or back without an answer (browser back button).
      const abandoned = params.checkout ? null : takeActivePayment();
      // The view itself was counted by the server when it served the page.

      if (params.checkout && params.tipId) {
        window.history.replaceState(null, '', `/t/${encodeURIComponent(code)}`);
        setResume({ tipId: params.tipId, how: params.checkout });
        setStep('payment');
      } else if (abandoned) {
        preloadPaymentFlow();
        setResume({ tipId: abandoned.tipId, how: 'abandoned' });
        setStep('payment');
      } else if (params.payLaterToken) {
        // A link is for one payment: a used one leads to its thank-you (pay-later-open.ts).
        const { openPayLaterLink } = await import('./pay-later-open');
        const link = await openPayLaterLink(params.payLaterToken);
        if (link === 'used') return;
        if (link) {
          setPayLater({ token: params.payLaterToken, until: link.expiresAt });
          // What the guest had entered when the link was made (decision 0456).
          setFeeCovered(link.platformFee);
          setMessage(link.guestMessage ?? '');
          selectAmount(link.amountCents, 'link', entry.code);
          setStep('payment');
        }
      } else if (params.amountCents !== null) {
        selectAmount(params.amountCents, 'link', entry.code);
        setStep('payment');
      } else if (params.linkAmount) {
        setLinkAmount(params.linkAmount);
      }
      setLoad({ state: 'ready', entry });
    })();
  }, [code, initialEntry, params, selectAmount]);

  // A page restored from the back-forward cache still shows "processing": start it fresh.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const onResumed = useCallback((status: TipStatusResponse) => {
    setAmountCents(status.amountCents);
    setFeeCovered(status.platformFeeCents > 0);
    setMessage(status.guestMessage ?? '');
  }, []);
  const backToAmount = useCallback(() => {
    setResume(null);
    setReturned(true);
    setStep('amount');
  }, []);

  const loading = (
    <FullScreenMessage>
      <Spinner label={guestTexts.loading} />
    </FullScreenMessage>
  );
  if (load.state === 'loading') return loading;
  if (load.state === 'problem') {
    return (
      <Suspense fallback={loading}>
        <TipPageProblem problem={load.problem} />
      </Suspense>
    );
  }

  const { entry } = load;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 p-4 pb-24">
      <RecipientHeader entry={entry} />
      <Card>
        <CardContent className="pt-5">
          {step === 'amount' ? (
            <AmountStep
              action={`/t/${encodeURIComponent(entry.code)}/checkout`}
              amountCents={amountCents}
              onAmountChange={(cents, source) => {
                if (source === 'preset' && cents !== null)
                  selectAmount(cents, 'preset', entry.code);
                else setAmountCents(cents);
                if (cents !== null) preloadPaymentFlow();
              }}
              onCustomAmountSettled={(cents) =>
                track({
                  name: 'amount_selected',
                  code: entry.code,
                  properties: { source: 'custom', amount_cents: cents },
                })
              }
              onContinue={() => setStep('payment')}
              focusHeading={returned}
              tonality={entry.branding.tonality}
              linkAmount={linkAmount}
            />
          ) : (
            <Suspense fallback={<Spinner label={guestTexts.loading} />}>
              <PaymentFlow
                entry={entry}
                amountCents={amountCents}
                feeCovered={feeCovered}
                onFeeCoveredChange={setFeeCovered}
                message={message}
                onMessageChange={setMessage}
                payLater={payLater}
                resume={resume}
                onResumed={onResumed}
                onBack={backToAmount}
              />
            </Suspense>
          )}
        </CardContent>
      </Card>
      <LegalLinks />
    </main>
  );
}
