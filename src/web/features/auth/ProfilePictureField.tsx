import { type ChangeEvent, useId, useRef, useState } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/domain/constants';
import { MEDIA_ERRORS } from '../../../shared/api/media';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { initials } from '../../lib/format';
import { sessionApi } from '../../lib/session-api';
import { useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

export interface ProfilePictureFieldProps {
  value: string | null;
  name: string;
  onChange: (url: string | null) => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Avatar with a working upload: the file is sent as it is and the server decides by its content
 * whether it is a PNG, JPEG or WebP; the size check here only saves a pointless upload.
 */
export function ProfilePictureField({
  value,
  name,
  onChange,
  onBusyChange,
}: ProfilePictureFieldProps) {
  const texts = useStaffTexts(staffSignInPart).auth.onboarding;
  const authTexts = useStaffTexts(staffSignInPart).auth;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  function setBusy(busy: boolean) {
    setUploading(busy);
    onBusyChange?.(busy);
  }

  // The input calls it without awaiting; it shows its own failures as toasts.
  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      toast({
        title: texts.uploadFailed,
        description: MEDIA_ERRORS.image_too_large.message,
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      const stored = await sessionApi.uploadProfileImage(file);
      onChange(stored.url);
    } catch (error) {
      toast({
        title: texts.uploadFailed,
        description:
          error instanceof ApiError ? error.message : authTexts.toasts.systemErrorMessage,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-4">
      {value ? (
        <img
          src={value}
          alt={texts.picture}
          className="h-20 w-20 rounded-full border border-border object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-20 w-20 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground"
        >
          {initials(name)}
        </span>
      )}
      <div className="flex flex-col items-start gap-1.5">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          aria-label={texts.picture}
          onChange={(event) => void upload(event)}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={uploading}
            onClick={() => input.current?.click()}
          >
            {uploading ? texts.uploading : value ? texts.changePicture : texts.uploadPicture}
          </Button>
          {value && !uploading ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              {texts.removePicture}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">{texts.pictureHint}</p>
      </div>
    </div>
  );
}
