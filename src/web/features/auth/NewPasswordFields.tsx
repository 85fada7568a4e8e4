import { TextField } from '../../components/form/fields';
import { useStaffTexts } from '../../lib/staff-language';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';

/**
 * A new password and its repetition, with the rules hint: the one way every form that lets a
 * person choose a password asks for it (set-password link, 'Passwort ändern').
 */
export function NewPasswordFields({ name = 'newPassword' }: { name?: string }) {
  const passwordTexts = useStaffTexts(staffSignInPart).passwords;
  return (
    <>
      <TextField
        name={name}
        type="password"
        label={passwordTexts.newPassword}
        hint={passwordTexts.rulesHint}
        autoComplete="new-password"
        required
      />
      <TextField
        name="repeat"
        type="password"
        label={passwordTexts.repeat}
        autoComplete="new-password"
        required
      />
    </>
  );
}
