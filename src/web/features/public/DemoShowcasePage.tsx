import { PendingPage } from '../../components/PendingPage';

export function DemoShowcasePage() {
  return <PendingPage title="Demo-Showcase" />;
}
