import { describe, expect, it } from 'vitest';
import { guestWordsOf } from './guest-words';

describe('guestWordsOf', () => {
  it('keeps the payment-step message and the feedback message', () => {
    expect(guestWordsOf({ guestMessage: 'Danke!', feedbackMessage: 'Bis bald' })).toEqual([
      'Danke!',
      'Bis bald',
    ]);
  });

  it('shows a repeated or empty message once or not at all', () => {
    expect(guestWordsOf({ guestMessage: 'Danke!', feedbackMessage: ' Danke! ' })).toEqual([
      'Danke!',
    ]);
    expect(guestWordsOf({ guestMessage: null, feedbackMessage: '  ' })).toEqual([]);
    expect(guestWordsOf({ guestMessage: null, feedbackMessage: 'Super' })).toEqual(['Super']);
  });
});
