import { describe, expect, it } from 'vitest';
import { decideReply } from './policy';

describe('who may answer a tip', () => {
  it.each([
    [{ paid: true, isRecipient: true, guestMessage: 'Danke!', feedbackMessage: null }, true],
    [{ paid: true, isRecipient: true, guestMessage: null, feedbackMessage: 'Super' }, true],
    [{ paid: true, isRecipient: true, guestMessage: '  ', feedbackMessage: null }, false],
    [{ paid: true, isRecipient: false, guestMessage: 'Danke!', feedbackMessage: null }, false],
    [{ paid: false, isRecipient: true, guestMessage: 'Danke!', feedbackMessage: null }, false],
  ])('%o -> allowed %s', (facts, allowed) => {
    expect(decideReply(facts).allowed).toBe(allowed);
  });

  it("hides a stranger's tip and names a tip without words", () => {
    const base = { guestMessage: null, feedbackMessage: null };
    expect(decideReply({ ...base, paid: true, isRecipient: false })).toEqual({
      allowed: false,
      reason: 'reply_tip_not_found',
    });
    expect(decideReply({ ...base, paid: true, isRecipient: true })).toEqual({
      allowed: false,
      reason: 'reply_without_message',
    });
  });
});
