import { describe, expect, it } from 'vitest';
import type { GuestEntrypoint } from '../../../shared/api/entrypoints';
import { BRANDING_TONALITIES, DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { GUEST_LOCALES } from '../../../shared/i18n/guest-locale';
import { presentBranding } from '../payment-points/guest-presenter';
import { GUEST_CATALOGUES } from './catalogues';
import { renderGuestMarkup } from './render';
import { readableText } from '../../../../test/support/markup';

const textOf = readableText;

const entry = (tonality: (typeof BRANDING_TONALITIES)[number]): GuestEntrypoint => ({
  code: 'anna-ton-1',
  source: 'entrypoint',
  type: 'person',
  displayName: 'Anna Schneider',
  jobTitle: 'Rezeptionistin',
  avatarUrl: null,
  thankYouMessage: DEFAULT_THANK_YOU_MESSAGE,
  businessName: 'Hotel Seeblick',
  receiverNote: null,
  receiver: null,
  branding: { ...presentBranding(null, 'Hotel Seeblick'), tonality },
  paymentProvider: 'demo',
});

// The business's tonality changes the guest's words on the server-rendered
// tip page (the browser hydrates the same components), in every guest language.
describe('the tip page in the business’s tonality', () => {
  it.each(GUEST_LOCALES)('greets and thanks in each tonality in %s', (locale) => {
    const seen = new Set<string>();
    for (const tonality of BRANDING_TONALITIES) {
      const page = textOf(
        renderGuestMarkup({ kind: 'tip-page', locale, entry: entry(tonality) }, '/t/anna-ton-1'),
      );
      const words = GUEST_CATALOGUES[locale].first.tonality[tonality];
      expect(page, `${locale} ${tonality}`).toContain(words.greeting);
      expect(page, `${locale} ${tonality}`).toContain(`„${words.defaultThanks}“`);
      for (const other of BRANDING_TONALITIES.filter((t) => t !== tonality)) {
        expect(page).not.toContain(GUEST_CATALOGUES[locale].first.tonality[other].greeting);
      }
      seen.add(page);
    }
    expect(seen.size).toBe(3);
  });
});
