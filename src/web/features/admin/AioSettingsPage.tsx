import { PendingPage } from '../../components/PendingPage';

export function AioSettingsPage() {
  return <PendingPage title="AiO Integration" />;
}
