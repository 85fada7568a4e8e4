import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import {
  SIGNUP_ERRORS,
  SIGNUP_MESSAGES,
  SIGNUP_TOKEN_PARAM,
  signUpConfirmFormSchema,
  signUpConfirmRequestOf,
  type SignUpConfirmFormInput,
} from '../../../shared/api/signup';
import { AGREEMENT_PATHS, DPA_VERSION, TERMS_VERSION } from '../../../shared/domain/agreements';
import { signupTexts } from '../../../shared/i18n/signup';
import { CheckboxField, FormError, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { tooManyRequestsToast } from '../auth/auth-toasts';
import { signupApi } from './signup-api';

const t = signupTexts;

const EMPTY: SignUpConfirmFormInput = {
  password: '',
  passwordRepeat: '',
  acceptTerms: false,
  acceptDpa: false,
};

/** The answers that mean the link itself cannot be used: the page says so instead of the form. */
const LINK_REFUSALS: ReadonlySet<string> = new Set(Object.keys(SIGNUP_ERRORS));

/**
 * /registrieren/bestaetigen?token=…: the page the confirmation mail links to. Whoever opens it
 * holds the mailbox, so the password and the two acceptances are given here, not on the sign-up
 * form anyone can fill in with any address (decision 0430). Sending the form spends the token
 * (a mail scanner fetching the link runs no script and sends nothing), signs the new owner in
 * and goes on to the admin dashboard with its set-up checklist.
 */
export function SignUpConfirmPage() {
  usePageTitle(t.confirm.pageTitle);
  const [params] = useSearchParams();
  const token = params.get(SIGNUP_TOKEN_PARAM);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(
    token ? null : SIGNUP_MESSAGES.linkIncomplete,
  );

  return (
    <main className="flex min-h-dvh items-start justify-center bg-muted/40 p-4 sm:items-center">
      <Card className="w-full max-w-lg">
        {failure || !token ? (
          <LinkFailure message={failure ?? SIGNUP_MESSAGES.linkIncomplete} />
        ) : (
          <>
            <CardHeader>
              <p className="text-sm font-semibold uppercase tracking-wide text-primary">
                {t.eyebrow}
              </p>
              <h1 className="text-2xl font-bold">{t.confirm.heading}</h1>
              <CardDescription>{t.confirm.intro}</CardDescription>
            </CardHeader>
            <CardContent>
              <ConfirmForm
                token={token}
                onLinkRefused={(message) => {
                  // The token leaves the address bar; the page keeps saying what went wrong.
                  navigate(window.location.pathname, { replace: true });
                  setFailure(message);
                }}
              />
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}

function ConfirmForm({
  token,
  onLinkRefused,
}: {
  token: string;
  onLinkRefused: (message: string) => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const form = useZodForm(signUpConfirmFormSchema, { defaultValues: EMPTY });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      aria-label={t.confirm.heading}
      onSubmit={async (values) => {
        const response = await signupApi.confirm(signUpConfirmRequestOf(token, values));
        await session.signedIn(response);
        toast({ title: t.confirm.doneTitle, description: t.confirm.doneText, variant: 'success' });
        navigate('/admin/dashboard', { replace: true });
      }}
      onError={(error) => {
        if (!(error instanceof ApiError)) return;
        if (LINK_REFUSALS.has(error.code)) onLinkRefused(error.message);
        else if (error.code === 'rate_limited') toast(tooManyRequestsToast(error.retryAfter));
      }}
    >
      <TextField
        name="password"
        label={t.password}
        hint={t.passwordHint}
        required
        type="password"
        autoComplete="new-password"
      />
      <TextField
        name="passwordRepeat"
        label={t.passwordRepeat}
        required
        type="password"
        autoComplete="new-password"
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">{t.agreementsLegend}</legend>
        <CheckboxField
          name="acceptTerms"
          required
          label={
            <>
              {t.termsBefore}
              <AgreementLink href={AGREEMENT_PATHS.terms}>{t.termsLink}</AgreementLink>
              {t.termsAfter(TERMS_VERSION)}
            </>
          }
        />
        <CheckboxField
          name="acceptDpa"
          required
          label={
            <>
              {t.dpaBefore}
              <AgreementLink href={AGREEMENT_PATHS.dpa}>{t.dpaLink}</AgreementLink>
              {t.dpaAfter(DPA_VERSION)}
            </>
          }
        />
      </fieldset>
      <FormError />
      <SubmitButton pendingText={t.confirm.submitting} className="w-full">
        {t.confirm.submit}
      </SubmitButton>
    </Form>
  );
}

/** The contract opens in a new tab, so what was typed stays. */
function AgreementLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-primary underline underline-offset-4"
    >
      {children}
      <span className="sr-only"> {t.newTab}</span>
    </a>
  );
}

function LinkFailure({ message }: { message: string }) {
  return (
    <>
      <CardHeader>
        <h1 className="text-2xl font-bold">{t.confirm.failedTitle}</h1>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p role="alert">{message}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/registrieren" className={buttonClasses('primary')}>
            {t.confirm.startAgain}
          </Link>
          <Link to="/employee/login" className={buttonClasses('outline')}>
            {t.confirm.signIn}
          </Link>
        </div>
      </CardContent>
    </>
  );
}
