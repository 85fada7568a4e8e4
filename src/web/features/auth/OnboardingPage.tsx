import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { setPasswordFormSchema } from '../../../shared/api/passwords';
import { PROFILE_LIMITS } from '../../../shared/api/profiles';
import { DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { isStaffManager } from '../../../shared/domain/roles';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/Card';
import { Input, Label, Textarea } from '../../components/ui/Field';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { sessionApi } from '../../lib/session-api';
import { PayoutSection } from '../payouts/PayoutSection';
import { OnboardingPasswordBlock, type OnboardingPasswordErrors } from './OnboardingPasswordBlock';
import { PASSWORD_STATUS_KEY, passwordApi } from './password-api';
import { ProfilePictureField } from './ProfilePictureField';
import { SignOutButton } from './SignOutButton';
import { useStaffLanguage, useStaffTexts } from '../../lib/staff-language';
import { StaffLanguageSelect } from './StaffLanguageSelect';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

/** /employee/onboarding: 'Willkommen! Vervollständigen Sie Ihr Profil' (spec §2). */
export function OnboardingPage() {
  const texts = useStaffTexts(staffSignInPart).auth.onboarding;
  usePageTitle(texts.pageTitle);
  const session = useSession();
  if (session.status !== 'ready' || !session.user) {
    return (
      <FullScreenMessage>
        <Spinner label={texts.loading} />
      </FullScreenMessage>
    );
  }
  return <OnboardingForm key={session.user.id} />;
}

function OnboardingForm() {
  const texts = useStaffTexts(staffSignInPart).auth.onboarding;
  const authTexts = useStaffTexts(staffSignInPart).auth;
  // Preselected from this browser (its last choice, else its languages); saved with the profile.
  const staffLanguage = useStaffLanguage();
  const session = useSession();
  const navigate = useNavigate();
  const id = useId();
  const profile = session.profile;
  // An owner (or the platform admin) is asked what an owner needs (decision 0512): no position,
  // and their own payout account is optional.
  const manager = profile !== null && isStaffManager(profile.role);
  const [fullName, setFullName] = useState(profile?.fullName ?? '');
  const [jobTitle, setJobTitle] = useState(profile?.jobTitle ?? '');
  const [thankYouMessage, setThankYouMessage] = useState(
    profile?.thankYouMessage ?? DEFAULT_THANK_YOU_MESSAGE,
  );
  const [imageUrl, setImageUrl] = useState<string | null>(profile?.profileImageUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  // The optional password: offered only while the account has none.
  const passwordStatus = useQuery({ queryKey: PASSWORD_STATUS_KEY, queryFn: passwordApi.status });
  const offerPassword = passwordStatus.data?.hasPassword === false;
  const [newPassword, setNewPassword] = useState({ password: '', repeat: '' });
  const [passwordErrors, setPasswordErrors] = useState<OnboardingPasswordErrors>({});
  const choosesPassword =
    offerPassword && (newPassword.password !== '' || newPassword.repeat !== '');

  // The form calls it without awaiting; it shows its own failures.
  async function save(event: FormEvent) {
    event.preventDefault();
    if (fullName.trim() === '') return;
    if (choosesPassword) {
      const checked = setPasswordFormSchema.safeParse(newPassword);
      if (!checked.success) {
        const errors: OnboardingPasswordErrors = {};
        for (const issue of checked.error.issues) {
          const field = issue.path[0] === 'repeat' ? 'repeat' : 'password';
          errors[field] ??= issue.message;
        }
        setPasswordErrors(errors);
        return;
      }
    }
    setPasswordErrors({});
    setSaving(true);
    try {
      const saved = await sessionApi.updateProfile({
        fullName,
        jobTitle,
        thankYouMessage,
        profileImageUrl: imageUrl,
        ...(choosesPassword ? { password: newPassword.password } : {}),
        staffLanguage: staffLanguage.language,
      });
      session.setProfile(saved);
      toast({ title: texts.saved, description: texts.savedMessage, variant: 'success' });
      navigate('/employee/dashboard', { replace: true });
    } catch (error) {
      const atPassword =
        error instanceof ApiError
          ? error.details.find((detail) => detail.path === 'body.password')
          : undefined;
      if (atPassword) setPasswordErrors({ password: atPassword.message });
      toast({
        title: texts.saveFailed,
        description:
          error instanceof ApiError ? error.message : authTexts.toasts.systemErrorMessage,
        variant: 'destructive',
      });
      setSaving(false);
    }
  }

  return (
    <main className="flex min-h-dvh justify-center bg-muted/40 p-4 sm:items-center">
      <Card className="w-full max-w-xl">
        <CardHeader>
          <h1 className="text-2xl font-bold">{texts.heading}</h1>
          <CardDescription>{manager ? texts.owner.intro : texts.intro}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-5">
            <ProfilePictureField
              value={imageUrl}
              name={fullName}
              onChange={setImageUrl}
              onBusyChange={setUploading}
            />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-name`}>
                {texts.fullName} <span className="text-destructive">*</span>
                <span className="sr-only"> ({texts.required})</span>
              </Label>
              <Input
                id={`${id}-name`}
                required
                autoComplete="name"
                maxLength={PROFILE_LIMITS.fullName}
                placeholder={texts.fullNamePlaceholder}
                value={fullName}
                onChange={(event) => setFullName(event.target.value)}
              />
            </div>
            {manager ? null : (
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-job`}>{texts.jobTitle}</Label>
                <Input
                  id={`${id}-job`}
                  autoComplete="organization-title"
                  maxLength={PROFILE_LIMITS.jobTitle}
                  placeholder={texts.jobTitlePlaceholder}
                  value={jobTitle}
                  onChange={(event) => setJobTitle(event.target.value)}
                />
              </div>
            )}
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-thanks`}>{texts.thankYouMessage}</Label>
              <Textarea
                id={`${id}-thanks`}
                maxLength={PROFILE_LIMITS.thankYouMessage}
                value={thankYouMessage}
                aria-describedby={`${id}-thanks-hint`}
                onChange={(event) => setThankYouMessage(event.target.value)}
              />
              <p id={`${id}-thanks-hint`} className="text-xs text-muted-foreground">
                {texts.thankYouHint}
              </p>
            </div>
            {offerPassword ? (
              <OnboardingPasswordBlock
                value={newPassword}
                errors={passwordErrors}
                onChange={(next) => {
                  setNewPassword(next);
                  // A message belongs to what was typed before; it goes once the person edits.
                  setPasswordErrors({});
                }}
              />
            ) : null}
            <StaffLanguageSelect value={staffLanguage.language} onChange={staffLanguage.choose} />
            <PayoutSection
              title={manager ? texts.owner.payoutTitle : texts.payout.title}
              intro={manager ? texts.owner.payoutText : texts.payout.text}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <SignOutButton variant="ghost" />
              <Button type="submit" disabled={saving || uploading || fullName.trim() === ''}>
                {saving ? texts.saving : texts.save}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
