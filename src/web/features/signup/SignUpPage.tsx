import { useState } from 'react';
import { Link } from '../../lib/router';
import {
  type SignUpFormInput,
  signUpFormSchema,
  signUpRequestOf,
} from '../../../shared/api/signup';
import { signupTexts } from '../../../shared/i18n/signup';
import { FormError, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { tooManyRequestsToast } from '../auth/auth-toasts';
import { MailLink } from '../public/components/MailLink';
import { usePublicConfig } from '../public/queries';
import { signupApi } from './signup-api';

const t = signupTexts;

const EMPTY: SignUpFormInput = { fullName: '', email: '', businessName: '' };

/**
 * /registrieren: a business signs up on its own while SIGNUP=open; nothing is
 * created until the e-mailed link is opened. The password and the acceptance of the contracts
 * are given there, by whoever holds the mailbox (decision 0430). While closed it says so and
 * offers an enquiry.
 */
export function SignUpPage() {
  usePageTitle(t.pageTitle);
  const config = usePublicConfig();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <main className="flex min-h-dvh items-start justify-center bg-muted/40 p-4 sm:items-center">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t.eyebrow}</p>
          <h1 className="text-2xl font-bold">{t.heading}</h1>
          {config.data?.signup === 'closed' || sentTo ? null : (
            <CardDescription>{t.intro}</CardDescription>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {config.isPending ? (
            <Spinner label={t.loading} className="text-muted-foreground" />
          ) : config.data?.signup === 'closed' ? (
            <Closed />
          ) : sentTo ? (
            <Sent email={sentTo} onAgain={() => setSentTo(null)} />
          ) : (
            <SignUpForm onSent={setSentTo} />
          )}
          <p className="text-sm">
            {t.haveAccount}{' '}
            <Link to="/employee/login" className="text-primary underline underline-offset-4">
              {t.signIn}
            </Link>
          </p>
          <Link to="/" className="text-sm text-primary underline underline-offset-4">
            {t.backHome}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}

function SignUpForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useZodForm(signUpFormSchema, { defaultValues: EMPTY });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      aria-label={t.heading}
      onSubmit={async (values) => {
        await signupApi.signUp(signUpRequestOf(values));
        onSent(values.email);
      }}
      onError={(error) => {
        if (error instanceof ApiError && error.code === 'rate_limited') {
          toast(tooManyRequestsToast(error.retryAfter));
          return;
        }
        toast({
          title: t.failed,
          description: error instanceof ApiError ? error.message : undefined,
          variant: 'destructive',
        });
      }}
    >
      <TextField name="fullName" label={t.fullName} required autoComplete="name" />
      <TextField
        name="email"
        label={t.email}
        hint={t.emailHint}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t.emailPlaceholder}
      />
      <TextField
        name="businessName"
        label={t.businessName}
        required
        autoComplete="organization"
        placeholder={t.businessNamePlaceholder}
      />
      <FormError />
      <SubmitButton pendingText={t.submitting} className="w-full">
        {t.submit}
      </SubmitButton>
    </Form>
  );
}

function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  return (
    <div className="flex flex-col gap-3" role="status">
      <h2 className="text-lg font-semibold">{t.sentTitle}</h2>
      <p>{t.sentText(email)}</p>
      <p className="text-sm text-muted-foreground">{t.sentHint}</p>
      <Button variant="outline" className="self-start" onClick={onAgain}>
        {t.again}
      </Button>
    </div>
  );
}

function Closed() {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t.closedTitle}</h2>
      <p className="text-muted-foreground">{t.closedText}</p>
      <MailLink
        subject={t.closedMailSubject}
        body={t.closedMailBody}
        className={buttonClasses('primary', 'md', 'self-start')}
      >
        {t.closedMail}
      </MailLink>
    </div>
  );
}
