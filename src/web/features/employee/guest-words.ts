/**
 * Everything the guest wrote to the employee about one tip: the message on the payment step and
 * the one in the feedback dialog, in that order; a repeated or empty one is shown once or not.
 */
export function guestWordsOf(tip: {
  guestMessage: string | null;
  feedbackMessage: string | null;
}): string[] {
  const words: string[] = [];
  for (const message of [tip.guestMessage, tip.feedbackMessage]) {
    const trimmed = message?.trim();
    if (trimmed && !words.includes(trimmed)) words.push(trimmed);
  }
  return words;
}
