import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { SIGNUP_MESSAGES, SIGNUP_TOKEN_PARAM } from '../../../shared/api/signup';
import { authTexts } from '../../../shared/i18n/auth';
import { signupTexts } from '../../../shared/i18n/signup';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardContent, CardHeader } from '../../components/ui/Card';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { signupApi } from './signup-api';

const t = signupTexts.confirm;

/** Tokens already sent to the server: a link is spent once, even if React renders twice. */
const spentTokens = new Set<string>();

/**
 * /registrieren/bestaetigen?token=…: the page the confirmation mail links to. It spends the token
 * with a POST (a mail scanner fetching the link runs no script, so it cannot create the business),
 * signs the new owner in and goes on to the admin dashboard with its set-up checklist.
 */
export function SignUpConfirmPage() {
  usePageTitle(t.pageTitle);
  const [params] = useSearchParams();
  const token = params.get(SIGNUP_TOKEN_PARAM);
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(
    token ? null : SIGNUP_MESSAGES.linkIncomplete,
  );

  useEffect(() => {
    if (!token || started.current || spentTokens.has(token)) return;
    started.current = true;
    spentTokens.add(token);
    signupApi
      .confirm(token)
      .then(async (response) => {
        await session.signedIn(response);
        toast({ title: t.doneTitle, description: t.doneText, variant: 'success' });
        navigate('/admin/dashboard', { replace: true });
      })
      .catch((error: unknown) => {
        // The token leaves the address bar; the page keeps saying what went wrong.
        navigate(window.location.pathname, { replace: true });
        setFailure(error instanceof ApiError ? error.message : authTexts.toasts.systemErrorMessage);
      });
  }, [token, navigate, session]);

  if (!failure) {
    return (
      <FullScreenMessage>
        <Spinner label={t.verifying} className="text-muted-foreground" />
      </FullScreenMessage>
    );
  }
  return (
    <main className="flex min-h-dvh items-start justify-center bg-muted/40 p-4 sm:items-center">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <h1 className="text-2xl font-bold">{t.failedTitle}</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p role="alert">{failure}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/registrieren" className={buttonClasses('primary')}>
              {t.startAgain}
            </Link>
            <Link to="/employee/login" className={buttonClasses('outline')}>
              {t.signIn}
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
