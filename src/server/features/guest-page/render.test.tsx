import { afterEach, describe, expect, it } from 'vitest';
import type { GuestEntrypoint } from '../../../shared/api/entrypoints';
import { DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { setInitialGuestBranding } from '../../../web/features/guest/brand-theme';
import { currentGuestLanguage, setInitialGuestLanguage } from '../../../web/features/guest/i18n';
import { presentBranding } from '../payment-points/guest-presenter';
import { GUEST_CATALOGUES } from './catalogues';
import { renderGuestMarkup } from './render';
import { readableText } from '../../../../test/support/markup';

const textOf = readableText;

const entry = (businessName: string, tonality: 'formal' | 'casual'): GuestEntrypoint => ({
  code: 'anna-render-1',
  source: 'entrypoint',
  type: 'person',
  displayName: 'Anna Schneider',
  jobTitle: 'Rezeptionistin',
  avatarUrl: null,
  thankYouMessage: DEFAULT_THANK_YOU_MESSAGE,
  businessName,
  receiverNote: null,
  receiver: null,
  branding: { ...presentBranding(null, businessName), tonality },
  paymentProvider: 'demo',
});

afterEach(() => {
  setInitialGuestLanguage('de', null);
  setInitialGuestBranding(null);
});

// One render's language, branding and path travel in React context, so a
// render never shows what module state (another guest's page, the browser's state) holds.
describe('a server render of a guest page', () => {
  it('shows only what it is handed and leaves the guest modules as they were', () => {
    const french = GUEST_CATALOGUES.fr;
    setInitialGuestLanguage('fr', french);
    setInitialGuestBranding(entry('Café Morgenrot', 'casual').branding);

    const page = textOf(
      renderGuestMarkup(
        { kind: 'tip-page', locale: 'en', entry: entry('Hotel Seeblick', 'formal') },
        '/t/anna-render-1',
      ),
    );

    expect(page).toContain(GUEST_CATALOGUES.en.first.tonality.formal.greeting);
    expect(page).not.toContain(french.first.tonality.casual.greeting);
    expect(page).not.toContain(GUEST_CATALOGUES.en.first.tonality.casual.greeting);
    expect(page).toContain('Hotel Seeblick');
    expect(page).not.toContain('Café Morgenrot');
    expect(currentGuestLanguage().locale).toBe('fr');
  });

  it('renders two guests one after the other without either seeing the other', () => {
    const first = textOf(
      renderGuestMarkup(
        { kind: 'tip-page', locale: 'it', entry: entry('Hotel Seeblick', 'formal') },
        '/t/anna-render-1',
      ),
    );
    const second = textOf(
      renderGuestMarkup(
        { kind: 'tip-page', locale: 'de', entry: entry('Café Morgenrot', 'casual') },
        '/t/anna-render-1',
      ),
    );
    expect(first).toContain(GUEST_CATALOGUES.it.first.tonality.formal.greeting);
    expect(second).toContain(GUEST_CATALOGUES.de.first.tonality.casual.greeting);
    expect(second).not.toContain('Hotel Seeblick');
    expect(first).not.toContain('Café Morgenrot');
  });
});
