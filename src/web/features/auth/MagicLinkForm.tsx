import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Input, Label } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { sessionApi } from '../../lib/session-api';
import { magicLinkFailureToast } from './auth-toasts';
import { loadAuthSchemas, useAuthSchemasForSubmit } from './auth-schemas';
import { isRateLimited } from './rate-limit-check';
import { useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

type Phase = 'idle' | 'sending' | 'sent';

/** Sign-in by e-mail link (spec §2, §4 "Magic-link form"). */
export function MagicLinkForm() {
  const texts = useStaffTexts(staffSignInPart).auth.login;
  const authTexts = useStaffTexts(staffSignInPart).auth;
  const id = useId();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const schemasForSubmit = useAuthSchemasForSubmit((error) => toast(magicLinkFailureToast(error)));

  // The form calls it without awaiting; it answers every outcome itself (toasts, phase).
  async function submit(event: FormEvent) {
    event.preventDefault();
    const schemas = await schemasForSubmit();
    if (!schemas) return;
    const parsed = schemas.magicLinkRequestSchema.safeParse({ email });
    if (!parsed.success) {
      toast({
        title: authTexts.toasts.magicLinkFailed,
        description: parsed.error.issues[0]?.message ?? '',
        variant: 'destructive',
      });
      return;
    }
    setPhase('sending');
    if (await isRateLimited('auth-magic-link', parsed.data.email)) {
      setPhase('idle');
      return;
    }
    try {
      await sessionApi.requestMagicLink(parsed.data.email);
      setSentTo(parsed.data.email);
      setPhase('sent');
      toast({
        title: authTexts.toasts.magicLinkSent,
        description: authTexts.toasts.magicLinkSentMessage,
        variant: 'success',
      });
    } catch (error) {
      toast(magicLinkFailureToast(error));
      setPhase('idle');
    }
  }

  if (phase === 'sent') {
    return (
      <div className="flex flex-col items-start gap-3" role="status">
        <h2 className="text-lg font-semibold">{texts.sentTitle}</h2>
        <p className="text-sm text-muted-foreground">{texts.sentText(sentTo)}</p>
        <Button
          variant="outline"
          onClick={() => {
            setEmail('');
            setPhase('idle');
          }}
        >
          {texts.useOtherEmail}
        </Button>
      </div>
    );
  }

  return (
    // The schema starts loading when the form is first touched, ready by the submit.
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadAuthSchemas().catch(() => undefined)}
      noValidate
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted-foreground">{texts.magicLinkIntro}</p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-email`}>{texts.email}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={texts.emailPlaceholder}
          value={email}
          disabled={phase === 'sending'}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={phase === 'sending' || email.trim() === ''}>
        {phase === 'sending' ? texts.sending : texts.magicLinkSubmit}
      </Button>
    </form>
  );
}
