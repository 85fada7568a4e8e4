import { PendingPage } from '../../components/PendingPage';

export function SecurityPage() {
  return <PendingPage title="Sicherheitscenter" />;
}
