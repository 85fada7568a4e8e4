import { type FormEvent, useId, useState } from 'react';
import { Link } from '../../lib/router';
import type { TwoFactorRequired } from '../../../shared/api/auth';
import { isTwoFactorRequired } from '../../../shared/domain/auth';
import { FORGOT_PASSWORD_PATH } from '../../../shared/domain/passwords';
import { Button } from '../../components/ui/Button';
import { Input, Label } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { useSession } from '../../lib/session';
import { sessionApi } from '../../lib/session-api';
import { inputErrorToast, signInFailureToast } from './auth-toasts';
import { loadAuthSchemas, useAuthSchemasForSubmit } from './auth-schemas';
import { isRateLimited } from './rate-limit-check';
import { useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

type Phase = 'idle' | 'checking' | 'submitting';

/**
 * Password sign-in (spec §2, §4 "Login form", §5). With two-factor sign-in on, a right password
 * leads to the code step instead of a session.
 */
export function PasswordForm({
  onTwoFactorRequired,
}: {
  onTwoFactorRequired: (challenge: TwoFactorRequired) => void;
}) {
  const texts = useStaffTexts(staffSignInPart).auth.login;
  const passwordTexts = useStaffTexts(staffSignInPart).passwords;
  const authTexts = useStaffTexts(staffSignInPart).auth;
  const session = useSession();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const schemasForSubmit = useAuthSchemasForSubmit((error) => toast(signInFailureToast(error)));
  const busy = phase !== 'idle';

  // The form calls it without awaiting; it answers every outcome itself (toasts, phase).
  async function submit(event: FormEvent) {
    event.preventDefault();
    const schemas = await schemasForSubmit();
    if (!schemas) return;
    const parsed = schemas.passwordSignInSchema.safeParse({ email, password });
    if (!parsed.success) {
      toast(inputErrorToast(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setPhase('checking');
    if (await isRateLimited('auth-login', parsed.data.email)) {
      setPhase('idle');
      return;
    }
    setPhase('submitting');
    try {
      const response = await sessionApi.signIn(parsed.data);
      if (isTwoFactorRequired(response)) {
        onTwoFactorRequired(response);
        return;
      }
      toast({
        title: authTexts.toasts.signedIn,
        description: response.firstSignIn
          ? authTexts.toasts.welcomeFirst
          : authTexts.toasts.welcomeBack,
        variant: 'success',
      });
      await session.signedIn(response);
    } catch (error) {
      toast(signInFailureToast(error));
    } finally {
      setPhase('idle');
    }
  }

  return (
    // The schema starts loading when the form is first touched, ready by the submit.
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadAuthSchemas().catch(() => undefined)}
      noValidate
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-email`}>{texts.email}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={texts.emailPlaceholder}
          value={email}
          disabled={busy}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-password`}>{texts.password}</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          disabled={busy}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link
          to={FORGOT_PASSWORD_PATH}
          className="self-start text-sm text-primary underline underline-offset-4"
        >
          {passwordTexts.forgotLink}
        </Link>
      </div>
      <Button type="submit" disabled={busy || email.trim() === '' || password === ''}>
        {phase === 'checking'
          ? texts.checkingLimit
          : phase === 'submitting'
            ? texts.signingIn
            : texts.submit}
      </Button>
    </form>
  );
}
