import { useEffect } from 'react';
import type { EmployeeTip } from '../../../shared/api/employee';
import { useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

/** How long the notice stays before it goes by itself. */
export const NEW_TIP_NOTICE_MS = 8_000;

const EMOJI: Record<string, string> = { smile: '😊', clap: '👏', pray: '🙏' };

/**
 * A short notice at the bottom of the screen (left on wider screens, where toasts sit right) when a tip arrives while the dashboard is open: the
 * amount and the guest's message (or feedback emoji). It never takes focus or blocks a tap
 * elsewhere, is announced politely, and slides in only when the person allows motion.
 */
export function NewTipNotice({ tip, onClose }: { tip: EmployeeTip | null; onClose: () => void }) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const { quote } = useStaffTexts().screens;
  const { cents: formatCents } = useStaffFormat();
  useEffect(() => {
    if (!tip) return;
    const timer = setTimeout(onClose, NEW_TIP_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [tip, onClose]);

  const message = tip?.guestMessage ?? tip?.feedbackMessage ?? null;
  const emoji = tip?.feedbackEmoji ? EMOJI[tip.feedbackEmoji] : undefined;
  return (
    // The live region stays in the page so screen readers hear what is put into it.
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:justify-start"
    >
      {tip ? (
        <div
          key={tip.id}
          data-testid="new-tip-notice"
          className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-2 border-success bg-card p-3 text-card-foreground shadow-lg motion-safe:animate-fade-in"
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {t.newTip.title(formatCents(tip.amountCents, tip.currency))}
            </p>
            {message || emoji ? (
              <p className="mt-1 line-clamp-2 [overflow-wrap:anywhere] text-sm text-muted-foreground">
                {emoji && tip?.feedbackEmoji ? (
                  <span role="img" aria-label={t.feedback.emoji[tip.feedbackEmoji]}>
                    {emoji}{' '}
                  </span>
                ) : null}
                {message ? quote(message) : null}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={t.newTip.close}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
