import { PendingPage } from '../../components/PendingPage';

export function PrototypeDemoPage() {
  return <PendingPage title="Prototyp-Übersicht" />;
}
