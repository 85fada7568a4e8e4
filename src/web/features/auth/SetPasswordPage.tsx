import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import {
  FORGOT_PASSWORD_PATH,
  SET_PASSWORD_TOKEN_PARAM,
  setPasswordFormSchema,
} from '../../../shared/api/passwords';
import { FormError, SubmitButton } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { NewPasswordFields } from './NewPasswordFields';
import { passwordApi } from './password-api';
import { useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * /employee/password?token=…: 'Passwort festlegen' from a set-password link (the first admin's
 * link from `npm run admin:create`, or 'Passwort vergessen?'). It opens no session: after saving,
 * the person signs in on the login page (decision 0312).
 */
export function SetPasswordPage() {
  const texts = useStaffTexts(staffSignInPart).passwords.setPage;
  const passwordTexts = useStaffTexts(staffSignInPart).passwords;
  usePageTitle(texts.pageTitle);
  const [params] = useSearchParams();
  const token = params.get(SET_PASSWORD_TOKEN_PARAM) ?? '';
  const wellFormed = TOKEN_SHAPE.test(token);
  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => passwordApi.checkLink(token),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold">{texts.heading}</h1>
          {link.data ? <CardDescription>{texts.intro(link.data.email)}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!wellFormed ? (
            <InvalidLink message={texts.missingToken} />
          ) : link.isPending ? (
            <Spinner label={texts.checking} className="text-muted-foreground" />
          ) : link.isError ? (
            <InvalidLink
              message={
                link.error instanceof ApiError
                  ? link.error.message
                  : passwordTexts.setPage.missingToken
              }
            />
          ) : (
            <SetPasswordForm token={token} email={link.data.email} />
          )}
        </CardContent>
      </Card>
    </main>
  );
}

function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const texts = useStaffTexts(staffSignInPart).passwords.setPage;
  const session = useSession();
  const navigate = useNavigate();
  const form = useZodForm(setPasswordFormSchema, { defaultValues: { password: '', repeat: '' } });

  async function save(values: { password: string }) {
    await passwordApi.setWithLink({ token, password: values.password });
    toast({ title: texts.savedTitle, description: texts.savedMessage, variant: 'success' });
    // Every session of the person ended on the server; a signed-in tab here forgets its own too.
    if (session.user) await session.signOut('user');
    else navigate('/employee/login', { replace: true });
  }

  return (
    <Form form={form} onSubmit={save} className="flex flex-col gap-4">
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields name="password" />
      <FormError />
      <SubmitButton pendingText={texts.saving}>{texts.submit}</SubmitButton>
    </Form>
  );
}

function InvalidLink({ message }: { message: string }) {
  const texts = useStaffTexts(staffSignInPart).passwords.setPage;
  return (
    <>
      <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm">
        <strong className="block text-destructive">{texts.invalidTitle}</strong>
        {message}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={FORGOT_PASSWORD_PATH} className={buttonClasses('primary', 'md')}>
          {texts.requestNew}
        </Link>
        <Link to="/employee/login" className={buttonClasses('outline', 'md')}>
          {texts.toLogin}
        </Link>
      </div>
    </>
  );
}
