import { useEffect, useState } from 'react';
import type { TwoFactorSignIn } from '../../../shared/api/two-factor';
import { secondFactorCodeSchema, TWO_FACTOR_ERRORS } from '../../../shared/api/two-factor';
import { RECOVERY_CODES_LOW } from '../../../shared/domain/two-factor';
import { FormError, SubmitButton, TextField } from '../../components/form/fields';
import { Form, useZodForm } from '../../components/form/form';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { tooManyRequestsToast } from '../auth/auth-toasts';
import { twoFactorApi } from './two-factor-api';
import { useStaffTexts } from '../../lib/staff-language';
import { activeStaffTexts } from '../../lib/staff-active';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

type Mode = 'app' | 'recovery';
const LINK = 'text-left text-sm text-primary underline underline-offset-4';

/** The sign-in toast, telling the person when few recovery codes remain. */
export function twoFactorWelcomeToast(response: TwoFactorSignIn) {
  const { twoFactor, auth: authTexts } = activeStaffTexts(staffSignInPart);
  const t = twoFactor.signIn;
  const low =
    response.secondFactor === 'recovery_code' ||
    response.recoveryCodesRemaining <= RECOVERY_CODES_LOW;
  if (low) {
    toast({
      title: response.secondFactor === 'recovery_code' ? t.recoveryUsed : authTexts.toasts.signedIn,
      description: t.codesLow(response.recoveryCodesRemaining),
    });
    return;
  }
  toast({
    title: authTexts.toasts.signedIn,
    description: response.firstSignIn
      ? authTexts.toasts.welcomeFirst
      : authTexts.toasts.welcomeBack,
    variant: 'success',
  });
}

/**
 * 'Bestätigungscode': the step after a right password or link of someone with two-factor
 * sign-in. The challenge waits in an httpOnly cookie; this form sends only the code.
 */
export function TwoFactorStep({ onRestart }: { onRestart: () => void }) {
  const t = useStaffTexts(staffSignInPart).twoFactor.signIn;
  const session = useSession();
  const [mode, setMode] = useState<Mode>('app');
  const form = useZodForm(secondFactorCodeSchema, { defaultValues: { code: '' } });
  const { setFocus, reset } = form;

  useEffect(() => {
    setFocus('code');
  }, [mode, setFocus]);

  function switchMode(next: Mode) {
    reset({ code: '' });
    setMode(next);
  }

  return (
    <section aria-labelledby="two-factor-step-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="two-factor-step-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">
          {mode === 'app' ? t.intro : t.recoveryIntro}
        </p>
      </div>
      <Form
        form={form}
        className="flex flex-col gap-4"
        onSubmit={async (values) => {
          const response = await twoFactorApi.signIn(values.code);
          twoFactorWelcomeToast(response);
          await session.signedIn(response);
        }}
        onError={(error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === TWO_FACTOR_ERRORS.two_factor_challenge_invalid.code) {
            toast({ title: error.title, description: error.message, variant: 'destructive' });
            onRestart();
            return;
          }
          if (error.code === 'rate_limited' || error.code === 'too_many_attempts') {
            toast(tooManyRequestsToast(error.retryAfter));
          }
          form.setValue('code', '');
          setFocus('code');
        }}
      >
        <FormError />
        {mode === 'app' ? (
          <TextField
            key="app"
            name="code"
            label={t.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            required
          />
        ) : (
          <TextField
            key="recovery"
            name="code"
            label={t.recoveryCode}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
          />
        )}
        <SubmitButton pendingText={t.submitting}>{t.submit}</SubmitButton>
      </Form>
      <div className="flex flex-col items-start gap-2">
        <button
          type="button"
          className={LINK}
          onClick={() => switchMode(mode === 'app' ? 'recovery' : 'app')}
        >
          {mode === 'app' ? t.useRecovery : t.useApp}
        </button>
        <button type="button" className={LINK} onClick={onRestart}>
          {t.restart}
        </button>
      </div>
    </section>
  );
}
