import type { InvitationDeliveryState } from '../../../shared/domain/invitation-delivery';
import { cn } from '../../lib/cn';

const TONES: Record<InvitationDeliveryState, string> = {
  delivered: 'text-muted-foreground',
  retrying: 'text-foreground',
  failed: 'font-medium text-destructive',
  logged: 'font-medium text-foreground',
};

/**
 * Where an invitation's e-mail stands, in every console that sends invitations:
 * "Einladungs-E-Mail: zugestellt", "… wird erneut versucht", "… fehlgeschlagen" or, on a server
 * that only logs its mails, "… nicht versendet".
 */
export function InvitationDelivery({
  state,
  text,
  className,
}: {
  state: InvitationDeliveryState | null;
  /** The catalogue's sentence for the state. */
  text: (state: InvitationDeliveryState) => string;
  className?: string;
}) {
  if (!state) return null;
  return (
    <span
      className={cn('block text-xs', TONES[state], className)}
      data-testid="invitation-delivery"
      data-state={state}
    >
      {text(state)}
    </span>
  );
}
