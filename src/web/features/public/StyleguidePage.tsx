import { PendingPage } from '../../components/PendingPage';

export function StyleguidePage() {
  return <PendingPage title="Styleguide" />;
}
