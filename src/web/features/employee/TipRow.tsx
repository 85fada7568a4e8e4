import type { EmployeeTip } from '../../../shared/api/employee';
import type { StaffTexts } from '../../../shared/i18n/staff-catalogue';
import { FEEDBACK_EMOJI_CHARS } from '../../../shared/domain/tips';
import { Badge } from '../../components/ui/Badge';
import { cn } from '../../lib/cn';
import { guestWordsOf } from './guest-words';
import { useSplitReason, useStaffFormat, useStaffTexts } from '../../lib/staff-language';
import { staffDashboardPart } from '../../../shared/i18n/staff-dashboard';

export function paymentMethodLabel(
  t: Pick<StaffTexts['employee'], 'paymentMethods'>,
  method: string | null,
): string {
  return (method && t.paymentMethods[method]) ?? t.paymentMethods.stripe!;
}

export function StatusBadge({ tip }: { tip: EmployeeTip }) {
  const t = useStaffTexts(staffDashboardPart).employee;
  // One word that must not break ('Ausste-hend' at 390 px): the tip's text beside it wraps instead.
  return tip.status === 'completed' ? (
    <Badge variant="success" className="shrink-0 whitespace-nowrap">
      {t.status.completed}
    </Badge>
  ) : (
    <Badge variant="secondary" className="shrink-0 whitespace-nowrap">
      {t.status.pending}
    </Badge>
  );
}

/**
 * What the guest said: the emoji of the feedback dialog (also when there is no text), the
 * message of the tip page and the feedback message.
 */
export function GuestFeedback({ tip, className }: { tip: EmployeeTip; className?: string }) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const { quote } = useStaffTexts().screens;
  const messages = guestWordsOf(tip);
  if (!tip.feedbackEmoji && messages.length === 0) return null;
  return (
    <blockquote
      className={cn('italic [overflow-wrap:anywhere]', className)}
      data-testid="guest-feedback"
    >
      {tip.feedbackEmoji ? (
        <span
          role="img"
          aria-label={`${t.feedback.label}: ${t.feedback.emoji[tip.feedbackEmoji]}`}
          className="not-italic"
          data-testid="feedback-emoji"
        >
          {FEEDBACK_EMOJI_CHARS[tip.feedbackEmoji]}
        </span>
      ) : null}
      {tip.feedbackEmoji && messages.length > 0 ? ' ' : null}
      {messages.map(quote).join(' ')}
    </blockquote>
  );
}

/** One received tip in the history: amount, status, source, reference and the guest's words. */
export function TipRow({ tip }: { tip: EmployeeTip }) {
  const t = useStaffTexts(staffDashboardPart).employee;
  const { cents: formatCents, date: formatDate, dateTime: formatDateTime } = useStaffFormat();
  const sayReason = useSplitReason();
  return (
    <li
      className="flex flex-col gap-1.5 border-b border-border py-3 last:border-0"
      data-testid="tip-row"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-lg font-semibold">{formatCents(tip.amountCents, tip.currency)}</span>
        <StatusBadge tip={tip} />
      </div>
      <div className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>{formatDateTime(tip.createdAt)}</span>
        <span>{tip.tipSource === 'team' ? t.source.team : t.source.direct}</span>
        <span>{paymentMethodLabel(t, tip.paymentMethod)}</span>
        {tip.status === 'completed' && tip.processedAt ? (
          <span>{t.paidOutOn(formatDate(tip.processedAt))}</span>
        ) : null}
        {tip.transferReference ? (
          <span>
            {t.reference}: <span className="font-mono">{tip.transferReference}</span>
          </span>
        ) : null}
      </div>
      {tip.allocationReason ? (
        <p className="text-sm">
          {tip.tipSource === 'team' && tip.teamName ? `${t.teamShare(tip.teamName)}: ` : null}
          {sayReason(tip.allocationReason)}
        </p>
      ) : null}
      {tip.platformFeeCovered ? <p className="text-sm text-success">{t.feeNote}</p> : null}
      <GuestFeedback tip={tip} className="border-l-4 border-accent pl-3" />
    </li>
  );
}
