import { PendingPage } from '../../components/PendingPage';

export function InvalidUidPage() {
  return <PendingPage title="Ungültige UID" />;
}
