import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { GuestAlternative, GuestEntrypoint } from '../../../shared/api/entrypoints';
import { DEFAULT_THANK_YOU_MESSAGE } from '../../../shared/domain/constants';
import { guestCatalogue as en } from '../../../shared/i18n/guest-en';
import { guestCatalogue as fr } from '../../../shared/i18n/guest-fr';
import { presentBranding } from '../../../server/features/payment-points/guest-presenter';
import { ApiError } from '../../lib/api';
import { setInitialGuestLanguage } from './i18n';
import { RecipientHeader } from './RecipientHeader';
import { handleLoadError, TipPageProblem } from './TipPageProblem';
import { readableText } from '../../../../test/support/markup';

const textOf = readableText;

const alternatives: GuestAlternative[] = [
  { path: '/t/team-kueche', kind: 'team', name: 'Küche' },
  { path: '/t/haus', kind: 'business', name: 'Hotel Seeblick' },
];

afterEach(() => setInitialGuestLanguage('de', null));

describe("a deactivated person's page in the browser (decision 0270)", () => {
  it('keeps the pages the API offers instead as facts', () => {
    const error = new ApiError(410, 'recipient_deactivated', 'T', 'M', [], undefined, alternatives);
    expect(handleLoadError(error, 'david')).toEqual({ kind: 'person-gone', alternatives });
  });

  it('names them and says why in the active language', () => {
    for (const [locale, catalogue] of [
      ['en', en],
      ['fr', fr],
    ] as const) {
      setInitialGuestLanguage(locale, catalogue);
      const t = catalogue.pages.tipPage;
      const page = textOf(
        renderToString(<TipPageProblem problem={{ kind: 'person-gone', alternatives }} />),
      );
      expect(page).toContain(t.personGone.title);
      expect(page).toContain(t.personGone.description);
      const links = [...page.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [
        m[1],
        m[2],
      ]);
      expect(links.slice(0, 2)).toEqual([
        ['/t/team-kueche', t.tipTeam('Küche')],
        ['/t/haus', t.tipBusiness('Hotel Seeblick')],
      ]);
      const alone = textOf(
        renderToString(<TipPageProblem problem={{ kind: 'person-gone', alternatives: [] }} />),
      );
      expect(alone).toContain(t.personGone.alone);
      expect(alone).not.toContain('<a href="/t/');
    }
  });
});

describe('the header card in the active language', () => {
  const entry = {
    code: 'team-kueche',
    source: 'entrypoint',
    type: 'team',
    displayName: 'Küche',
    jobTitle: null,
    avatarUrl: null,
    thankYouMessage: DEFAULT_THANK_YOU_MESSAGE,
    businessName: 'Hotel Seeblick',
    receiverNote: 'Ihr Trinkgeld wird nach Punkten unter 3 Mitarbeitenden aufgeteilt.',
    receiver: { kind: 'team', rule: 'weighted', members: 3, onShift: false },
    branding: presentBranding(null, 'Hotel Seeblick'),
    paymentProvider: 'demo',
  } satisfies GuestEntrypoint;

  it("says who receives and the default thank-you from the facts, not the server's German", () => {
    setInitialGuestLanguage('fr', fr);
    const card = textOf(renderToString(<RecipientHeader entry={entry} />));
    expect(card).toContain(fr.first.receiver.weighted(3));
    expect(card).toContain(`„${fr.first.defaultThanks}“`);
    expect(card).not.toMatch(/Trinkgeld/);
    const own = textOf(
      renderToString(<RecipientHeader entry={{ ...entry, thankYouMessage: 'Merci vielmals!' }} />),
    );
    expect(own).toContain('„Merci vielmals!“');
  });
});
