import { PendingPage } from '../../components/PendingPage';

export function QrErrorPage() {
  return <PendingPage title="QR-Code nicht gültig" />;
}
