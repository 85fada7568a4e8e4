import { useState } from 'react';
import { authTexts } from '../../../shared/i18n/auth';
import { Button, type ButtonVariant } from '../../components/ui/Button';
import { useSession } from '../../lib/session';

/** 'Abmelden': ends the session on the server and returns to the login page. */
export function SignOutButton({ variant = 'outline' }: { variant?: ButtonVariant }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void session.signOut('user');
      }}
    >
      {authTexts.signOut}
    </Button>
  );
}
