import { tipPageProblemTexts } from '../../../shared/i18n/guest-pages';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { brandErrorPageOf } from './brand-theme';
import { currentGuestLanguage } from './i18n';
import { GuestMessagePage } from './GuestMessagePage';
import { navigate } from './navigation';
import { usePageTexts } from './page-texts';

/** Why a tip page shows no amount step (loaded only then, not with the first view). */
export type TipPageProblemKind = 'missing' | 'deactivated' | 'failed';

/**
 * The problem to show. A deactivated person's page carries the server's words and the tip
 * pages to offer instead (their team's, the business's).
 */
export interface TipPageProblemState {
  kind: TipPageProblemKind;
  server?: { title: string; message: string; links: { path: string; message: string }[] };
}

function texts() {
  return currentGuestLanguage().catalogue?.pages.tipPage ?? tipPageProblemTexts;
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
    return {
      kind: 'deactivated',
      server: { title: apiError.title, message: apiError.message, links: apiError.details },
    };
  } else {
    return { kind: 'failed' };
  }
  return null;
}

/** The tip page's problem, in the guest's language; never the sales pitch. */
export function TipPageProblem({ problem }: { problem: TipPageProblemState }) {
  const t = usePageTexts().tipPage;
  const { kind, server } = problem;
  const message =
    kind === 'missing' ? t.notFound : kind === 'deactivated' ? t.deactivated : t.loadFailed;
  return (
    <GuestMessagePage
      title={server?.title ?? message.title}
      description={server?.message ?? message.description}
      links={server?.links}
      actions={[
        // A load that failed may work on a second try; the guest may also just close the page.
        ...(kind === 'failed'
          ? [{ label: t.reload, onClick: () => window.location.reload() }]
          : []),
        { label: t.closePage, closeHint: t.closeHint },
      ]}
    />
  );
}
