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
