import { describe, expect, it } from 'vitest';
import { INVITATION_DELIVERY_LABELS, invitationDeliveryState } from './invitation-delivery';

const later = new Date('2026-11-29T12:00:00Z');

describe('where an invitation e-mail stands', () => {
  it('is delivered once the mail server took it, or the demo outbox printed it', () => {
    expect(invitationDeliveryState({ status: 'sent', nextAttemptAt: null })).toBe('delivered');
    expect(invitationDeliveryState({ status: 'console', nextAttemptAt: null })).toBe('delivered');
  });

  it('is retried while an attempt is waiting, failed after the last one', () => {
    expect(invitationDeliveryState({ status: 'pending', nextAttemptAt: later })).toBe('retrying');
    expect(invitationDeliveryState({ status: 'failed', nextAttemptAt: later })).toBe('retrying');
    expect(invitationDeliveryState({ status: 'failed', nextAttemptAt: null })).toBe('failed');
  });

  it('says a mail only written to the server log (MAIL_TRANSPORT=log) was not sent', () => {
    const state = invitationDeliveryState({ status: 'logged', nextAttemptAt: null });
    expect(state).toBe('logged');
    expect(INVITATION_DELIVERY_LABELS[state]).toBe(
      'nicht versendet (nur im Server-Log, MAIL_TRANSPORT=log)',
    );
    expect(INVITATION_DELIVERY_LABELS[state]).not.toContain('zugestellt');
  });
});
