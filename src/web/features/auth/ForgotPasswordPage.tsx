import { useState } from 'react';
import { Link } from '../../lib/router';
import { passwordResetRequestSchema } from '../../../shared/api/passwords';
import { FormError, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { usePageTitle } from '../../lib/page-title';
import { passwordApi } from './password-api';
import { useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

/**
 * /employee/password-reset: 'Passwort vergessen?'. The answer is the same whether or not the
 * address has an account (decision 0314), so the page says "if".
 */
export function ForgotPasswordPage() {
  const texts = useStaffTexts(staffSignInPart).passwords.forgotPage;
  usePageTitle(texts.pageTitle);
  const [sent, setSent] = useState(false);
  const form = useZodForm(passwordResetRequestSchema, { defaultValues: { email: '' } });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold">{texts.heading}</h1>
          {sent ? null : <CardDescription>{texts.intro}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {sent ? (
            <div role="status" className="flex flex-col gap-3">
              <p className="font-semibold">{texts.sentTitle}</p>
              <p className="text-sm">{texts.sent}</p>
              <Button
                variant="outline"
                onClick={() => {
                  form.reset({ email: '' });
                  setSent(false);
                }}
              >
                {texts.otherEmail}
              </Button>
            </div>
          ) : (
            <Form
              form={form}
              onSubmit={async (values) => {
                await passwordApi.requestReset(values);
                setSent(true);
              }}
              className="flex flex-col gap-4"
            >
              <TextField
                name="email"
                type="email"
                inputMode="email"
                autoComplete="username"
                label={texts.email}
                required
              />
              <FormError />
              <SubmitButton pendingText={texts.sending}>{texts.submit}</SubmitButton>
            </Form>
          )}
          <Link to="/employee/login" className="text-sm text-primary underline underline-offset-4">
            {texts.toLogin}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
