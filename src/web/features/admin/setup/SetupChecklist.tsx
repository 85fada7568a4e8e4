import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSelectedBusinessId } from '../business-scope';
import { askAgainOnMount } from '../../../lib/page-boot';
import { setupApi, setupKeys } from './setup-api';

/**
 * Only a new business sees the checklist, so its card (code and texts) loads once the server says
 * to show it, alongside nothing a finished business's dashboard needs.
 */
const loadCard = () => import('./SetupChecklistCard').then((module) => module.SetupChecklistCard);
type CardComponent = Awaited<ReturnType<typeof loadCard>>;

/** The set-up checklist's place on the dashboard: asks the server, then shows the card or not. */
export function SetupChecklist() {
  const businessId = useSelectedBusinessId();
  // Asked again whenever the dashboard opens (the steps are done on other pages), except when the
  // page's HTML has just brought the answer (decision 0419).
  const checklist = useQuery({
    queryKey: setupKeys.checklist(businessId),
    queryFn: setupApi.checklist,
    staleTime: 0,
    refetchOnMount: askAgainOnMount,
  });
  const show = checklist.data?.show === true;
  // Held in state rather than `React.lazy`: Suspense reveals through timers (see DeferredCard).
  const [Card, setCard] = useState<CardComponent | null>(null);
  useEffect(() => {
    if (!show || Card) return;
    let alive = true;
    // A failed chunk leaves the dashboard without the card, as a failed checklist does.
    loadCard().then(
      (component) => {
        if (alive) setCard(() => component);
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [show, Card]);
  // Loading or failed: the dashboard shows without the card rather than with a broken one.
  if (!show || !Card || !checklist.data) return null;
  return <Card data={checklist.data} />;
}
