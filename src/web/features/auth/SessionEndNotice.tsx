import { useSyncExternalStore } from 'react';
import { staffSignInPart } from '../../../shared/i18n/staff-sign-in';
import { Button } from '../../components/ui/Button';
import {
  currentSessionEnd,
  forgetSessionEnd,
  subscribeSessionEnd,
} from '../../lib/session-end-notice';
import { useStaffLanguage, useStaffTexts } from '../../lib/staff-language';
import { englishStaffErrors } from '../../lib/staff-active';

/**
 * The login page's notice of why the last session ended (decision 0505): it
 * stays, also across reloads of this tab, until the person closes it.
 */
export function SessionEndNotice() {
  const texts = useStaffTexts(staffSignInPart).auth.login;
  const { language } = useStaffLanguage();
  const notice = useSyncExternalStore(subscribeSessionEnd, currentSessionEnd, () => null);
  if (!notice) return null;
  // In the staff language the page speaks; German is what the server said (with its contact).
  const english = language === 'en' ? englishStaffErrors()?.[notice.code] : undefined;
  const { title, message } = english ?? notice;
  return (
    <div
      role="alert"
      aria-labelledby="session-end-title"
      className="flex flex-col gap-2 rounded-lg border border-destructive bg-muted p-3 text-sm"
      data-testid="session-end-notice"
    >
      <p id="session-end-title" className="font-semibold">
        {title}
      </p>
      <p className="break-words">{message}</p>
      <Button variant="outline" size="sm" className="self-start" onClick={forgetSessionEnd}>
        {texts.dismissNotice}
      </Button>
    </div>
  );
}
