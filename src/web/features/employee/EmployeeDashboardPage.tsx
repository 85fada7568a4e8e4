import { PendingPage } from '../../components/PendingPage';
import { SignOutButton } from '../auth/SignOutButton';

export function EmployeeDashboardPage() {
  return (
    <PendingPage title="Mitarbeiter-Dashboard">
      <SignOutButton />
    </PendingPage>
  );
}
