import type { ConsoleMessage, Page } from 'playwright-core';

const REFUSAL = /Failed to load resource: the server responded with a status of (\d{3})/;

/**
 * Every console error or warning and every uncaught error of a page from now on, each with the
 * page's address; a clean page ends with none. The browser's note on an answer with one of the
 * `expected` statuses (a refusal the test provokes) is left out.
 */
export function consoleProblems(page: Page, expected: readonly number[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const status = Number(REFUSAL.exec(message.text())?.[1]);
    if (expected.includes(status)) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()} (${page.url()})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message} (${page.url()})`));
  return problems;
}

/**
 * Console errors other than the browser's own note on a 4xx or 5xx answer (which a form that
 * shows the server's refusal provokes on purpose); uncaught errors are `trackPageErrors`'s.
 */
export function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return errors;
}
