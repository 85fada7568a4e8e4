import { useId } from 'react';
import { Input, Label } from '../../components/ui/Field';
import { fieldMessageIn } from '../../../shared/i18n/staff-fields';
import { useStaffLanguage, useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

export interface OnboardingPasswordValue {
  password: string;
  repeat: string;
}

export interface OnboardingPasswordErrors {
  password?: string | undefined;
  repeat?: string | undefined;
}

/**
 * 'Passwort festlegen (optional)' on onboarding, offered while the account has no password: left
 * empty, the person keeps signing in by magic link.
 */
export function OnboardingPasswordBlock({
  value,
  errors,
  onChange,
}: {
  value: OnboardingPasswordValue;
  errors: OnboardingPasswordErrors;
  onChange: (next: OnboardingPasswordValue) => void;
}) {
  const passwordTexts = useStaffTexts(staffSignInPart).passwords;
  const { language } = useStaffLanguage();
  const id = useId();
  const field = (name: keyof OnboardingPasswordValue, label: string, hint?: string) => {
    const german = errors[name];
    const error = german === undefined ? undefined : fieldMessageIn(language, german);
    const describedBy = [hint ? `${id}-${name}-hint` : null, error ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-${name}`}>{label}</Label>
        <Input
          id={`${id}-${name}`}
          type="password"
          autoComplete="new-password"
          value={value[name]}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange({ ...value, [name]: event.target.value })}
        />
        {hint ? (
          <p id={`${id}-${name}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-${name}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
      <legend className="px-1 font-semibold">{passwordTexts.onboarding.legend}</legend>
      <p className="text-sm text-muted-foreground">{passwordTexts.onboarding.hint}</p>
      {field('password', passwordTexts.newPassword, passwordTexts.rulesHint)}
      {field('repeat', passwordTexts.repeat)}
    </fieldset>
  );
}
