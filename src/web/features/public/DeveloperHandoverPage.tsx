import { PendingPage } from '../../components/PendingPage';

export function DeveloperHandoverPage() {
  return <PendingPage title="Entwickler-Übergabe" />;
}
