import type { GuestAlternative } from '../../../shared/api/entrypoints';
import type { GuestCatalogue } from '../../../shared/i18n/guest-catalogue';
import { tipPageProblemTexts } from '../../../shared/i18n/guest-pages';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { partInTonality, toneOverrides } from '../../../shared/i18n/guest-tonality';
import { brandErrorPageOf, currentGuestBranding } from './brand-theme';
import { currentGuestLanguage, tonesOf } from './i18n';
import { GuestMessagePage } from './GuestMessagePage';
import { navigate } from './navigation';
import { usePageTexts } from './page-texts';

/**
 * Why a tip page shows no amount step (loaded only then, not with the first view). A deactivated
 * person's page offers their team's and the business's tip pages instead; the page names them in
 * the guest's language, so a language switch renames them at once (decision 0270).
 */
export type TipPageProblemState =
  | { kind: 'missing' | 'deactivated' | 'failed' }
  | { kind: 'person-gone'; alternatives: GuestAlternative[] };

function texts() {
  const language = currentGuestLanguage();
  return partInTonality(
    language.catalogue?.pages.tipPage ?? tipPageProblemTexts,
    toneOverrides(tonesOf(language), currentGuestBranding()?.tonality)?.pages?.tipPage,
    currentGuestBranding()?.tonality,
  );
}

/**
 * Where a code that cannot be tipped sends the guest (spec §8 guest toasts): to the QR or UID
 * error page (null), or the problem the tip page shows in place of the amount.
 */
export function handleLoadError(error: unknown, entryCode: string): TipPageProblemState | null {
  // The error page of a code still wears its business's branding (brand-theme.tsx).
  brandErrorPageOf(entryCode);
  const apiError = error instanceof ApiError ? error : null;
  const code = apiError?.code ?? 'network_error';
  if (code === 'code_inactive') {
    const { codeInactive } = texts();
    toast({
      title: codeInactive.title,
      description: codeInactive.description,
      variant: 'destructive',
    });
    navigate('/qr-error', { replace: true });
  } else if (code === 'qr_code_invalid') {
    navigate('/qr-error', { replace: true });
  } else if (code === 'code_not_found') {
    navigate('/error/invalid-uid', { replace: true });
  } else if (code === 'recipient_not_found') {
    return { kind: 'missing' };
  } else if (code === 'business_deactivated') {
    return { kind: 'deactivated' };
  } else if (apiError && code === 'recipient_deactivated') {
    return { kind: 'person-gone', alternatives: apiError.alternatives };
  } else {
    return { kind: 'failed' };
  }
  return null;
}

/**
 * What the problem page says, in the language of the texts given: the server's HTML title uses
 * it too (guest-page routes).
 */
export function tipPageProblemWords(
  problem: TipPageProblemState,
  t: GuestCatalogue['pages']['tipPage'],
): { title: string; description: string; links?: { path: string; message: string }[] } {
  switch (problem.kind) {
    case 'person-gone': {
      const links = problem.alternatives.map((page) => ({
        path: page.path,
        message: page.kind === 'team' ? t.tipTeam(page.name) : t.tipBusiness(page.name),
      }));
      const { title, description, alone } = t.personGone;
      return { title, description: links.length ? description : alone, links };
    }
    case 'missing':
      return t.notFound;
    case 'deactivated':
      return t.deactivated;
    default:
      return t.loadFailed;
  }
}

/** The tip page's problem, in the guest's language; never the sales pitch. */
export function TipPageProblem({ problem }: { problem: TipPageProblemState }) {
  const t = usePageTexts().tipPage;
  const words = tipPageProblemWords(problem, t);
  return (
    <GuestMessagePage
      title={words.title}
      description={words.description}
      links={words.links}
      actions={[
        // A load that failed may work on a second try; the guest may also just close the page.
        ...(problem.kind === 'failed'
          ? [{ label: t.reload, onClick: () => window.location.reload() }]
          : []),
        { label: t.closePage, closeHint: t.closeHint },
      ]}
    />
  );
}
