import { PendingPage } from '../../components/PendingPage';

export function ThankYouPage() {
  return <PendingPage title="Vielen Dank" />;
}
