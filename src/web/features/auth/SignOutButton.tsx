import { useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/ui/Button';
import { useSession } from '../../lib/session';
import { useStaffTexts } from '../../lib/staff-language';

/** 'Abmelden': ends the session on the server and returns to the login page. */
export function SignOutButton({
  variant = 'outline',
  size,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const authTexts = useStaffTexts().auth;
  const session = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      size={size}
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
