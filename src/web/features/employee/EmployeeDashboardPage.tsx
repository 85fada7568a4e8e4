import { PendingPage } from '../../components/PendingPage';

export function EmployeeDashboardPage() {
  return <PendingPage title="Mitarbeiter-Dashboard" />;
}
