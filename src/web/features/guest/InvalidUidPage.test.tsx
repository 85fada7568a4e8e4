import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { guestCatalogue as it_ } from '../../../shared/i18n/guest-it';
import { setInitialGuestLanguage } from './i18n';
import { InvalidUidPage } from './InvalidUidPage';
import { readableText } from '../../../../test/support/markup';

const textOf = readableText;

afterEach(() => setInitialGuestLanguage('de', null));

describe("'Ungültige UID' for a guest", () => {
  it("keeps the spec's heading and says in plain words what happened and what to do", () => {
    const html = textOf(renderToString(<InvalidUidPage />));
    expect(html).toMatch(/<h1[^>]*>Ungültige UID<\/h1>/);
    expect(html).toContain('Dieser Trinkgeld-Link funktioniert nicht.');
    expect(html).toContain('Scannen Sie den QR-Code vor Ort noch einmal');
    // No jargon in the words the guest reads below the heading.
    const below = html.slice(html.indexOf('</h1>'));
    expect(below).not.toMatch(/\bUID\b|Bezahlpunkt/);
  });

  it("offers no 'Seite schließen' button that cannot close the tab, but says it may be closed (item 4)", () => {
    const html = textOf(renderToString(<InvalidUidPage />));
    expect(html).not.toContain('>Seite schließen</button>');
    expect(html).toContain('Sie können dieses Fenster jetzt schließen.');
    // What works stays: back, and the support link.
    expect(html).toContain('>Zurück</button>');
  });

  it('says the same in the guest languages', () => {
    setInitialGuestLanguage('it', it_);
    const html = textOf(renderToString(<InvalidUidPage />));
    expect(html).toContain(it_.pages.invalidUid.whatToDo);
    expect(it_.pages.invalidUid.description).not.toMatch(/\bUID\b/);
  });
});
