import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, createTip, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * Free text from guests and staff renders as text. Each payload would set
 * `window.__xss` if the browser ever ran it (an inline script, an event handler, an SVG handler).
 */
const PAYLOAD =
  "<img src=x onerror=\"window.__xss='img'\"><script>window.__xss='script'</script><svg onload=\"window.__xss='svg'\">";

const e2e = useE2E({ seeded: false });
let hotel: FactoryBusiness;

beforeAll(async () => {
  const { db } = e2e.server.deps.database;
  hotel = await createBusiness(db, {
    employees: [{ fullName: `Mara ${PAYLOAD}`, jobTitle: `Service ${PAYLOAD}` }, {}],
    points: ['person', 'object'],
  });
  await createTip(db, {
    businessId: hotel.id,
    employeeId: hotel.employees[0]!.id,
    entrypoint: hotel.points[0]!,
    guestMessage: `Danke ${PAYLOAD}`,
    feedbackEmoji: 'smile',
    feedbackMessage: `Super ${PAYLOAD}`,
  });
  // An object tip that reached nobody waits in the owner's pool with its message.
  await createTip(db, {
    businessId: hotel.id,
    entrypoint: hotel.points[1]!,
    guestMessage: `Für den Tisch ${PAYLOAD}`,
  });
});

/** Collects what would show that markup ran: CSP refusals and page errors. */
function watch(page: Page): { problems: string[] } {
  const problems = trackPageErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { problems };
}

async function expectInert(page: Page, problems: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  // The markup is text: no element from it exists in the page.
  expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count()).toBe(0);
  expect(problems).toEqual([]);
}

describe('free text renders inert', () => {
  it("shows the guest's message and feedback as text on the dashboard", async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const { problems } = watch(page);
    await openSignedIn(page, e2e.server, hotel.employees[0]!.email);
    await page.waitForURL('**/employee/dashboard');

    await page.getByText(`Danke ${PAYLOAD}`).first().waitFor();
    await page.getByRole('tab', { name: 'Nachrichten', exact: true }).click();
    await page.getByRole('tab', { name: 'Nachrichten', selected: true }).waitFor();
    await page.getByText(`Super ${PAYLOAD}`).first().waitFor();
    await expectInert(page, problems);
  });

  it('shows names and pooled messages as text in the admin console', async () => {
    const context = await e2e.context();
    const page = await context.newPage();
    const { problems } = watch(page);
    await openSignedIn(page, e2e.server, hotel.owner.email);

    await page.goto('/admin/dashboard');
    await page.getByTestId('pool-card').getByText(`Für den Tisch ${PAYLOAD}`).waitFor();
    await expectInert(page, problems);

    await page.goto('/admin/users');
    // The table on a desktop; the phone's cards are in the page too, hidden.
    await page.getByText(`Mara ${PAYLOAD}`).filter({ visible: true }).first().waitFor();
    await expectInert(page, problems);
  });
});
