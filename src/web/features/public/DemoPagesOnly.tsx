import { Outlet } from '../../lib/router';
import { FullScreenMessage, Spinner } from '../../components/ui/Spinner';
import { staffTextsOutsideTheApp } from '../../lib/staff-language';
import { NotFoundPage } from './NotFoundPage';
import { usePublicConfig } from './queries';

/**
 * The frame of the demo pages (showcase, prototype overview, style guide, developer handover):
 * a production site has none of them (decision 0520), so there they show the not-found page,
 * as the server's 404 for a direct visit does.
 */
export function DemoPagesOnly() {
  const config = usePublicConfig();
  if (config.isPending) {
    return (
      <FullScreenMessage>
        <Spinner label={staffTextsOutsideTheApp().common.loading} />
      </FullScreenMessage>
    );
  }
  if (config.data?.demoPages === false) return <NotFoundPage />;
  return <Outlet />;
}
