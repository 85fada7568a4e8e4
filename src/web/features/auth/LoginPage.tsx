import { PendingPage } from '../../components/PendingPage';

export function LoginPage() {
  return <PendingPage title="Anmeldung" />;
}
