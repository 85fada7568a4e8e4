import { PendingPage } from '../../components/PendingPage';

export function UidManagementPage() {
  return <PendingPage title="UID-Verwaltung" />;
}
