import { PendingPage } from '../../components/PendingPage';

export function BrandingPage() {
  return <PendingPage title="Branding Verwaltung" />;
}
