/**
 * Who may answer a tip: someone it reached (the person tipped, or a member with a share), once
 * it is paid and only when the guest wrote something. Someone else's tip looks like no tip at
 * all, so its existence is not confirmed.
 */
export type ReplyDecision =
  { allowed: true } | { allowed: false; reason: 'reply_tip_not_found' | 'reply_without_message' };

export function decideReply(facts: {
  paid: boolean;
  isRecipient: boolean;
  guestMessage: string | null;
  feedbackMessage: string | null;
}): ReplyDecision {
  if (!facts.paid || !facts.isRecipient) return { allowed: false, reason: 'reply_tip_not_found' };
  const wrote = [facts.guestMessage, facts.feedbackMessage].some((text) => !!text?.trim());
  if (!wrote) return { allowed: false, reason: 'reply_without_message' };
  return { allowed: true };
}
