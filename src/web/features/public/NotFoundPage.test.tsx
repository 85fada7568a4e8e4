import { renderToString } from 'react-dom/server';
import { StaticRouter } from '../../lib/router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './NotFoundPage';

describe('the not-found page', () => {
  it("says in German what happened, keeps the spec's line and offers a way back", () => {
    const html = renderToString(
      <StaticRouter location="/gibt-es-nicht">
        <NotFoundPage />
      </StaticRouter>,
    ).replace(/<!-- -->/g, '');
    expect(html).toMatch(/<h1[^>]*>Seite nicht gefunden<\/h1>/);
    expect(html).toContain('Diese Adresse gibt es bei Trinkgeld nicht');
    // The spec's line stays, marked as English for screen readers.
    expect(html).toMatch(/<p[^>]*lang="en"[^>]*>Oops! Page not found<\/p>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Zur Startseite<\/a>/);
    expect(html).toContain('>Zurück</button>');
  });
});
