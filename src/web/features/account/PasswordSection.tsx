import { useQuery, useQueryClient } from '@tanstack/react-query';
import { firstPasswordFormSchema, passwordChangeFormSchema } from '../../../shared/api/passwords';
import { FormError, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { useSession } from '../../lib/session';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { PASSWORD_STATUS_KEY, passwordApi } from '../auth/password-api';
import { useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

/**
 * 'Passwort ändern' on 'Konto und Sicherheit': the current password and the new one twice; a
 * person without a password yet (magic link only) sets a first one without it (decision 0313).
 * The server ends the person's other sessions and keeps this one.
 */
export function PasswordSection() {
  const texts = useStaffTexts(staffSignInPart).passwords.change;
  const session = useSession();
  // While two-factor sign-in must be set up first, the server answers every other route 403
  // (decision 0318): the status is asked for once set-up is done, without a reload.
  const afterTwoFactorSetup = session.twoFactor?.setupRequired === true;
  const status = useQuery({
    queryKey: PASSWORD_STATUS_KEY,
    queryFn: passwordApi.status,
    enabled: !afterTwoFactorSetup,
  });
  const hasPassword = status.data?.hasPassword;
  return (
    <section aria-labelledby="password-section-title">
      <Card>
        <CardHeader>
          <CardTitle id="password-section-title">
            {hasPassword === false ? texts.firstTitle : texts.title}
          </CardTitle>
          {hasPassword !== undefined ? (
            <CardDescription>{hasPassword ? texts.intro : texts.firstIntro}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {afterTwoFactorSetup ? (
            <p className="text-sm text-muted-foreground">{texts.afterTwoFactorSetup}</p>
          ) : status.isPending ? (
            <Spinner label={texts.loading} className="text-muted-foreground" />
          ) : status.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {texts.loadFailed}
            </p>
          ) : hasPassword ? (
            <ChangePasswordForm />
          ) : (
            <FirstPasswordForm />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** For password managers: the account whose password this is. */
function UsernameField() {
  const { user } = useSession();
  return (
    <input
      type="email"
      name="username"
      autoComplete="username"
      value={user?.email ?? ''}
      readOnly
      hidden
    />
  );
}

function ChangePasswordForm() {
  const texts = useStaffTexts(staffSignInPart).passwords.change;
  const passwordTexts = useStaffTexts(staffSignInPart).passwords;
  const form = useZodForm(passwordChangeFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
  });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async ({ currentPassword, newPassword }) => {
        await passwordApi.change({ currentPassword, newPassword });
        form.reset();
        toast({ title: texts.savedTitle, description: texts.savedMessage, variant: 'success' });
      }}
    >
      <UsernameField />
      <TextField
        name="currentPassword"
        type="password"
        label={passwordTexts.currentPassword}
        autoComplete="current-password"
        required
      />
      <NewPasswordFields />
      <FormError />
      <SubmitButton pendingText={texts.saving} className="self-start">
        {texts.submit}
      </SubmitButton>
    </Form>
  );
}

function FirstPasswordForm() {
  const texts = useStaffTexts(staffSignInPart).passwords.change;
  const queryClient = useQueryClient();
  const form = useZodForm(firstPasswordFormSchema, {
    defaultValues: { newPassword: '', repeat: '' },
  });
  return (
    <Form
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async ({ newPassword }) => {
        await passwordApi.change({ newPassword });
        toast({
          title: texts.firstSavedTitle,
          description: texts.firstSavedMessage,
          variant: 'success',
        });
        await queryClient.invalidateQueries({ queryKey: PASSWORD_STATUS_KEY });
      }}
    >
      <UsernameField />
      <NewPasswordFields />
      <FormError />
      <SubmitButton pendingText={texts.saving} className="self-start">
        {texts.firstSubmit}
      </SubmitButton>
    </Form>
  );
}
