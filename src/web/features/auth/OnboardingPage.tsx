import { PendingPage } from '../../components/PendingPage';

export function OnboardingPage() {
  return <PendingPage title="Willkommen! Vervollständigen Sie Ihr Profil" />;
}
