import { useEffect } from 'react';
import { useLocation } from '../../lib/router';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';

/**
 * The guest pages (/t/{uid}, /thank-you, /qr-error, /error/invalid-uid) are served by the small
 * guest entry (guest.html). Reaching one inside the full app (a client-side link) loads that
 * entry with a real navigation.
 */
export function GuestEntryRedirect() {
  const location = useLocation();
  useEffect(() => {
    window.location.replace(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return (
    <FullScreenMessage>
      <Spinner label="Lade..." />
    </FullScreenMessage>
  );
}
