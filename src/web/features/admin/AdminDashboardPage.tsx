import { PendingPage } from '../../components/PendingPage';
import { SignOutButton } from '../auth/SignOutButton';

export function AdminDashboardPage() {
  return (
    <PendingPage title="Admin Dashboard">
      <SignOutButton />
    </PendingPage>
  );
}
