import { useEffect } from 'react';
import { Link } from '../../lib/router';
import { isProfileComplete } from '../../../shared/domain/auth';
import { isRole, ROLE_LABELS, type Role, roleHome } from '../../../shared/domain/roles';
import { Button, buttonClasses } from '../../components/ui/Button';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import type { Profile } from '../../../shared/api/profiles';
import { usePageTitle } from '../../lib/page-title';
import { useOnline } from '../../lib/pwa';
import { useStaffTexts } from '../../lib/staff-language';

export function GuardLoading({ text }: { text: string }) {
  return (
    <FullScreenMessage>
      <Spinner label={text} className="text-muted-foreground" />
    </FullScreenMessage>
  );
}

/**
 * The session could not be loaded. Without a connection (the installed staff app opened offline)
 * it says so, and tries again by itself once the connection is back.
 */
export function GuardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const authTexts = useStaffTexts().auth;
  const online = useOnline();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <FullScreenMessage>
      <div role="alert" className="flex max-w-md flex-col items-center gap-3">
        <h1 className="text-xl font-semibold">
          {online ? authTexts.guard.loadError : authTexts.guard.offlineTitle}
        </h1>
        <p className="text-muted-foreground">{online ? message : authTexts.guard.offlineText}</p>
        <Button onClick={onRetry}>{authTexts.guard.retry}</Button>
      </div>
    </FullScreenMessage>
  );
}

/** The access guard's denied screen (spec §6). */
export function AccessDenied({
  required,
  profile,
}: {
  required: readonly Role[];
  profile: Profile | null;
}) {
  const authTexts = useStaffTexts().auth;
  usePageTitle(authTexts.denied.title);
  const role = isRole(profile?.role) ? profile.role : null;
  return (
    <FullScreenMessage>
      <div role="alert" className="flex max-w-md flex-col items-center gap-3">
        <h1 className="text-2xl font-bold text-destructive">{authTexts.denied.title}</h1>
        <p>{authTexts.denied.message}</p>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-1 text-left text-sm">
          <dt className="text-muted-foreground">{authTexts.denied.requiredRoles}:</dt>
          <dd>{required.map((r) => ROLE_LABELS[r]).join(', ')}</dd>
          <dt className="text-muted-foreground">{authTexts.denied.currentRole}:</dt>
          <dd>{role ? ROLE_LABELS[role] : authTexts.denied.unknownRole}</dd>
        </dl>
        <Link
          to={isProfileComplete(profile) ? roleHome(role) : '/employee/onboarding'}
          className={buttonClasses('primary', 'md')}
        >
          {authTexts.denied.toDashboard}
        </Link>
      </div>
    </FullScreenMessage>
  );
}
