import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from '../../lib/router';
import { PROFILE_LIMITS } from '../../../shared/api/profiles';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Label, Textarea } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { sessionApi } from '../../lib/session-api';
import { ProfilePictureField } from '../auth/ProfilePictureField';
import { PayoutSection } from '../payouts/PayoutSection';
import { useStaffLanguage, useStaffTexts } from '../../lib/staff-language';
import type { StaffLanguage } from '../../../shared/domain/staff-language';
import { StaffLanguageSelect } from '../auth/StaffLanguageSelect';
import { staffTextsDe } from '../../../shared/i18n/staff-catalogue';
import { loadStaffLanguage, staffCatalogue } from '../../lib/staff-active';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

/** Settings: the guest-facing profile (name, position, thank-you message, picture) and payouts. */
export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const accountTexts = useStaffTexts(staffSignInPart).account;
  const authTexts = useStaffTexts(staffSignInPart).auth;
  const labels = authTexts.onboarding;
  const screens = useStaffTexts(staffSignInPart).screens;
  const t = useStaffTexts(staffSignInPart, staffDashboardPart).employee;
  const session = useSession();
  const profile = session.profile;
  const id = useId();
  const [fullName, setFullName] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const [thankYouMessage, setThankYouMessage] = useState('');
  const [picture, setPicture] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const staffLanguage = useStaffLanguage();
  const [language, setLanguage] = useState<StaffLanguage>(staffLanguage.language);
  /** A failed save, said inside the dialog: a toast would sit behind the modal dialog. */
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !profile) return;
    setFullName(profile.fullName ?? '');
    setJobTitle(profile.jobTitle ?? '');
    setThankYouMessage(profile.thankYouMessage);
    setPicture(profile.profileImageUrl);
    setLanguage(profile.staffLanguage);
    setFailure(null);
  }, [open, profile]);

  /**
   * One 'Speichern' for the whole profile, the language included: the
   * dialog closes first, so the toast that confirms it is seen, in the language just chosen.
   */
  // The form calls it without awaiting; it shows its own failures.
  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const updated = await sessionApi.updateProfile({
        fullName,
        jobTitle,
        thankYouMessage,
        profileImageUrl: picture,
        staffLanguage: language,
      });
      if (language !== staffLanguage.language) {
        // The new language's texts before the switch (English is a chunk of its own, decision
        // 0410): the screen and the toast change together. Offline, the screen stays German.
        await loadStaffLanguage(language).catch(() => undefined);
      }
      session.setProfile(updated);
      staffLanguage.choose(language);
      onOpenChange(false);
      const saved = (staffCatalogue(language) ?? staffTextsDe).screens.settings.saved;
      toast({ title: saved, variant: 'success' });
    } catch (error) {
      setFailure(
        `${screens.settings.saveFailed}: ${
          error instanceof ApiError ? error.message : authTexts.toasts.systemErrorMessage
        }`,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.settingsDialog.title}
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <form
        onSubmit={(event) => void save(event)}
        className="flex flex-col gap-4"
        aria-label={t.settingsDialog.profile}
      >
        <ProfilePictureField
          value={picture}
          name={fullName}
          onChange={setPicture}
          onBusyChange={setUploading}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>{labels.fullName}</Label>
          <Input
            id={`${id}-name`}
            value={fullName}
            maxLength={PROFILE_LIMITS.fullName}
            required
            onChange={(event) => setFullName(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-job`}>{labels.jobTitle}</Label>
          <Input
            id={`${id}-job`}
            value={jobTitle}
            maxLength={PROFILE_LIMITS.jobTitle}
            onChange={(event) => setJobTitle(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-thanks`}>{labels.thankYouMessage}</Label>
          <Textarea
            id={`${id}-thanks`}
            value={thankYouMessage}
            maxLength={PROFILE_LIMITS.thankYouMessage}
            onChange={(event) => setThankYouMessage(event.target.value)}
          />
          <p className="text-xs text-muted-foreground">{labels.thankYouHint}</p>
        </div>
        <StaffLanguageSelect value={language} onChange={setLanguage} disabled={saving} />
        {failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {screens.settings.cancel}
          </Button>
          <Button type="submit" disabled={saving || uploading || fullName.trim() === ''}>
            {screens.settings.save}
          </Button>
        </div>
      </form>
      <PayoutSection />
      <section className="mt-6 flex flex-col gap-2 border-t border-border pt-4">
        <h3 className="font-semibold">{accountTexts.title}</h3>
        <p className="text-sm text-muted-foreground">{accountTexts.intro}</p>
        <Link
          to="/employee/account"
          className={buttonClasses('outline', 'sm', 'self-start')}
          onClick={() => onOpenChange(false)}
        >
          {accountTexts.link}
        </Link>
      </section>
    </Dialog>
  );
}
