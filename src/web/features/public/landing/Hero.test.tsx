import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StaticRouter } from '../../../lib/router';
import { Hero } from './Hero';

/** The markup's visible text, spaces made plain. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

describe('the drawing of the tip page in the landing hero', () => {
  const text = textOf(
    renderToString(
      // The hero asks whether sign-up is open (decision 0520): a client without an answer yet.
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location="/">
          <Hero />
        </StaticRouter>
      </QueryClientProvider>,
    ),
  );

  it('writes the amount of its pay button the German way, as the real tip page does', () => {
    expect(text).toContain('Weiter zur Zahlung · 10,00 €');
    expect(text).not.toMatch(/€\d/);
  });
});
