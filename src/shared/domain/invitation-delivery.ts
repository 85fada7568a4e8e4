/**
 * Where an invitation's e-mail stands (decision 0500): handed to the mail server,
 * waiting for the retry job after a failed attempt, or given up after the last one; or only
 * written to the server's log because it runs with MAIL_TRANSPORT=log (decision 0600).
 */
export const INVITATION_DELIVERY_STATES = ['delivered', 'retrying', 'failed', 'logged'] as const;
export type InvitationDeliveryState = (typeof INVITATION_DELIVERY_STATES)[number];

/** The words every console shows for the state (product spec). */
export const INVITATION_DELIVERY_LABELS: Record<InvitationDeliveryState, string> = {
  delivered: 'zugestellt',
  retrying: 'wird erneut versucht',
  failed: 'fehlgeschlagen',
  logged: 'nicht versendet (nur im Server-Log, MAIL_TRANSPORT=log)',
};

/** The state of the newest mail of an invitation, from its outbox status and next attempt. */
export function invitationDeliveryState(mail: {
  status: 'pending' | 'sent' | 'failed' | 'console' | 'logged';
  nextAttemptAt: Date | null;
}): InvitationDeliveryState {
  if (mail.status === 'logged') return 'logged';
  if (mail.status === 'sent' || mail.status === 'console') return 'delivered';
  if (mail.status === 'pending' || mail.nextAttemptAt) return 'retrying';
  return 'failed';
}
