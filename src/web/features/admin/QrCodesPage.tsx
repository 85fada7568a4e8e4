import { PendingPage } from '../../components/PendingPage';

export function QrCodesPage() {
  return <PendingPage title="QR-Code Verwaltung" />;
}
