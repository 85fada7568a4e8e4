import { PendingPage } from '../../components/PendingPage';

export function QrCodeViewPage() {
  return <PendingPage title="QR-Code Ansicht" />;
}
