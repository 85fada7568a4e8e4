import type { GuestEventBody } from '../../../shared/api/analytics';
import type { ReceiptBody, ReceiptResponse } from '../../../shared/api/receipts';
import type { GuestEntrypoint, GuestInfo } from '../../../shared/api/entrypoints';
import type {
  CreatePayLaterRequest,
  FeedbackBody,
  FeedbackResponse,
  PayLaterLinkResponse,
  PayLaterMailBody,
  StartTipPaymentBody,
  StartTipPaymentResponse,
  ThankYouResponse,
  TipStatusResponse,
} from '../../../shared/api/tips';
import { api } from '../../lib/api';

/** The guest API. Only types come from the shared schemas, so no zod reaches the guest bundle. */
export const guestApi = {
  resolveCode: (code: string) =>
    api.get<GuestEntrypoint>(`/api/guest/codes/${encodeURIComponent(code)}`),
  info: () => api.get<GuestInfo>('/api/guest/info'),
  startPayment: (body: StartTipPaymentBody) =>
    api.post<StartTipPaymentResponse>('/api/guest/tips', body),
  /** With the tip's secret (this tab paid it) the answer includes the guest's message. */
  tipStatus: (tipId: string, token?: string) =>
    api.get<TipStatusResponse>(`/api/guest/tips/${tipId}`, tipTokenHeader(token)),
  cancelPayment: (tipId: string, token: string) =>
    api.post<TipStatusResponse>(`/api/guest/tips/${tipId}/cancel`, { token }),
  sendFeedback: (tipId: string, body: FeedbackBody) =>
    api.post<FeedbackResponse>(`/api/guest/tips/${tipId}/feedback`, body),
  sendReceipt: (tipId: string, body: ReceiptBody) =>
    api.post<ReceiptResponse>(`/api/guest/tips/${tipId}/receipt`, body),
  thankYou: (query: { tipId: string } | { sessionId: string }, token?: string) =>
    api.get<ThankYouResponse>(
      'tipId' in query
        ? `/api/guest/thank-you?tipId=${encodeURIComponent(query.tipId)}`
        : `/api/guest/thank-you?session_id=${encodeURIComponent(query.sessionId)}`,
      tipTokenHeader(token),
    ),
  /**
   * With the contribution and message entered so far; `fromTip`: the attempt that did not go
   * through (paying it any other way closes the link).
   */
  createPayLaterLink: (body: CreatePayLaterRequest) =>
    api.post<PayLaterLinkResponse>('/api/guest/pay-later-links', body),
  /** The link to the guest's own address (used for that mail only). */
  mailPayLaterLink: (body: PayLaterMailBody) =>
    api.post<{ sent: true }>('/api/guest/pay-later-links/email', body),
  openPayLaterLink: (token: string) =>
    api.get<PayLaterLinkResponse>(`/api/guest/pay-later-links/${encodeURIComponent(token)}`),
};

function tipTokenHeader(token: string | undefined) {
  return token ? { headers: { 'x-tip-token': token } } : {};
}

/**
 * First-party tracking: fire and forget. keepalive lets the event survive a page change (the
 * redirect to the checkout), and a failed report never disturbs the guest.
 */
export function track(event: GuestEventBody): void {
  try {
    void fetch('/api/guest/events', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    }).catch(() => {});
  } catch {
    // tracking is never worth an error
  }
}
