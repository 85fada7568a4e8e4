import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import type { TwoFactorRequired } from '../../../shared/api/auth';
import { isTwoFactorRequired, MAGIC_LINK_QUERY_PARAM } from '../../../shared/domain/auth';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { Tabs } from '../../components/ui/Tabs';
import { toast } from '../../components/ui/toast-store';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { sessionApi } from '../../lib/session-api';
import { magicLinkFailureToast } from './auth-toasts';
import { MagicLinkForm } from './MagicLinkForm';
import { PasswordForm } from './PasswordForm';
import { SessionEndNotice } from './SessionEndNotice';
import { useStaffLanguage, useStaffTexts } from '../../lib/staff-language';
import { StaffLanguageSelect } from './StaffLanguageSelect';
import { activeStaffTexts } from '../../lib/staff-active';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';
import { useSignupOpen } from '../public/queries';

type Method = 'password' | 'magic-link';

// The code step and its form library load only for someone who has two-factor sign-in
// (decision 0410): everyone else's login page stays without them.
const TwoFactorStep = lazy(() =>
  import('../two-factor/TwoFactorStep').then((module) => ({ default: module.TwoFactorStep })),
);

/** /employee/login: 'Anmeldung' with the tabs Passwort (default) and Magic Link (spec §2). */
export function LoginPage() {
  const texts = useStaffTexts(staffSignInPart).auth.login;
  const signupLinkTexts = useStaffTexts(staffSignInPart).signupLink;
  const staffLanguage = useStaffLanguage();
  // 'Jetzt registrieren' only where businesses may sign up on their own (SIGNUP=open).
  const signupOpen = useSignupOpen();
  usePageTitle(texts.pageTitle);
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>('password');
  // A right password or link of someone with two-factor sign-in: the code step.
  const [challenge, setChallenge] = useState<TwoFactorRequired | null>(null);
  const token = params.get(MAGIC_LINK_QUERY_PARAM);
  if (token) return <MagicLinkLanding token={token} onTwoFactorRequired={setChallenge} />;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">
            {texts.pageTitle}
          </p>
          <h1 className="text-2xl font-bold">{texts.heading}</h1>
          <CardDescription>{texts.intro}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <SessionEndNotice />
          {challenge ? (
            <Suspense fallback={<Spinner label={texts.signingIn} className="self-center" />}>
              <TwoFactorStep
                key={challenge.challengeExpiresAt}
                onRestart={() => setChallenge(null)}
              />
            </Suspense>
          ) : (
            <Tabs<Method>
              label={texts.tabsLabel}
              value={method}
              onValueChange={setMethod}
              items={[
                {
                  key: 'password',
                  label: texts.passwordTab,
                  content: <PasswordForm onTwoFactorRequired={setChallenge} />,
                },
                { key: 'magic-link', label: texts.magicLinkTab, content: <MagicLinkForm /> },
              ]}
            />
          )}
          {signupOpen ? (
            <p className="text-sm">
              {signupLinkTexts.question}{' '}
              <Link to="/registrieren" className="text-primary underline underline-offset-4">
                {signupLinkTexts.link}
              </Link>
            </p>
          ) : null}
          <p className="text-xs text-muted-foreground">{signupLinkTexts.staffHint}</p>
          <Link to="/" className="text-sm text-primary underline underline-offset-4">
            {texts.backHome}
          </Link>
          {/* Before sign-in the choice stays in this browser; signed in, the profile's counts. */}
          <StaffLanguageSelect
            value={staffLanguage.language}
            onChange={staffLanguage.choose}
            compact
          />
        </CardContent>
      </Card>
    </main>
  );
}

/** Tokens already sent to the server: a link is spent once, even if React renders twice. */
const spentTokens = new Set<string>();

/**
 * The page the e-mail link opens. It spends the token with a POST (a mail scanner fetching the
 * link does not run this), removes it from the address bar, and lets the login route's guard
 * send the person on to their home once the profile is loaded.
 */
function MagicLinkLanding({
  token,
  onTwoFactorRequired,
}: {
  token: string;
  onTwoFactorRequired: (challenge: TwoFactorRequired) => void;
}) {
  const texts = useStaffTexts(staffSignInPart).auth.login;
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || spentTokens.has(token)) return;
    started.current = true;
    spentTokens.add(token);
    sessionApi
      .verifyMagicLink(token)
      .then(async (response) => {
        if (isTwoFactorRequired(response)) {
          // Whoever was signed in here before is signed out now; the code step must not follow them.
          session.forget();
          navigate('/employee/login', { replace: true });
          onTwoFactorRequired(response);
          return;
        }
        const toasts = activeStaffTexts(staffSignInPart).auth.toasts;
        toast({
          title: toasts.signedIn,
          description: response.firstSignIn ? toasts.welcomeFirst : toasts.welcomeBack,
          variant: 'success',
        });
        navigate('/employee/login', { replace: true });
        await session.signedIn(response);
      })
      .catch((error: unknown) => {
        toast(magicLinkFailureToast(error));
        navigate('/employee/login', { replace: true });
      });
  }, [token, navigate, session, onTwoFactorRequired]);

  return (
    <FullScreenMessage>
      <Spinner label={texts.verifyingLink} className="text-muted-foreground" />
    </FullScreenMessage>
  );
}
