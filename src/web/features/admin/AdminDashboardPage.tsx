import { PendingPage } from '../../components/PendingPage';

export function AdminDashboardPage() {
  return <PendingPage title="Admin Dashboard" />;
}
