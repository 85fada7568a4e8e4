import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_RETRY_DELAYS_MS } from '../../src/server/features/mail/mailer';
import { runInvitationRetryJob } from '../../src/server/features/staff/invitation-retries';
import { ManualClock } from '../../src/server/lib/clock';
import { createBusiness, createPlatformAdmin, type FactoryPerson } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { screenshot, trackPageErrors } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';

/**
 * The mail server is down when the operator creates a business with its owner.
 * The console says so ('wird erneut versucht', after the last retry 'fehlgeschlagen') instead of
 * "gesendet"; once the mail server is back, 'Einladung erneut senden' delivers ('zugestellt') a
 * link that works. The retry job runs on the test clock, driven by the test, never by waiting.
 */

const clock = new ManualClock(new Date());
const e2e = useE2E({ seeded: false, smtp: true, clock });

let operator: FactoryPerson;
const WIDTHS = [1280, 390] as const;
/** A tag of its own for each attempt: a retry creates its business and owner afresh. */
const newTag = () => randomUUID().slice(0, 6);

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  const home = await createBusiness(db, { name: 'Hotel Bergblick' });
  // A business from the self sign-up: its business_signup audit row says so.
  const signedUp = await createBusiness(db, { name: 'Pension Eigenanmeldung' });
  await e2e.server.deps.database.query(
    "INSERT INTO admin_audit_log (business_id, action, target_type, target_id) VALUES ($1, 'business_signup', 'business', $2)",
    [signedUp.id, signedUp.id],
  );
  operator = await createPlatformAdmin(db, {
    businessId: home.id,
    email: 'jonas.weber@plattform.example',
    fullName: 'Jonas Weber',
  });
});

const retryJob = () => runInvitationRetryJob(e2e.server.deps, e2e.server.app.log);

async function openConsole(page: Page): Promise<void> {
  await page.goto('/admin/businesses');
  await page.getByRole('heading', { name: 'Betriebe', level: 1 }).waitFor();
}

describe('Einladung bei ausgefallenem Mailserver (operator console)', () => {
  it('shows the delivery state and re-sends the owner invitation once mail works again', async () => {
    const tag = newTag();
    const name = `Pension Sonnenhang ${tag}`;
    const ownerEmail = `inhaber-${tag}@pension-sonnenhang.example`;
    await e2e.smtp.stop();
    const context = await e2e.context();
    const page = await context.newPage();
    await openSignedIn(page, e2e.server, operator.email);
    await openConsole(page);

    await page.getByRole('button', { name: 'Betrieb anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Betrieb anlegen' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Adresse/).fill('Hangweg 2, 87561 Oberstdorf');
    await dialog.getByLabel(/^Kontakt-E-Mail/).fill(`hallo-${tag}@pension-sonnenhang.example`);
    await dialog.getByLabel(/^E-Mail des Inhabers/).fill(ownerEmail);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await page
      .getByTestId('toast')
      .getByText(
        `Betrieb „${name}“ angelegt. Die Einladung an ${ownerEmail} konnte noch nicht zugestellt werden; sie wird erneut versucht.`,
      )
      .waitFor();
    const row = page.getByTestId(`business-${name}`);
    await row.getByText('Einladungs-E-Mail: wird erneut versucht').waitFor();

    // Every retry fails while the mail server is down; after the last one the console says so.
    expect(await retryJob()).toBe(0);
    for (const delay of INVITATION_RETRY_DELAYS_MS) {
      clock.advance(delay);
      expect(await retryJob()).toBe(1);
    }
    expect(e2e.smtp.mails.filter((mail) => mail.to.includes(ownerEmail))).toEqual([]);
    // The test clock ran past the session's idle limit: the operator signs in again.
    await openSignedIn(page, e2e.server, operator.email);
    await openConsole(page);
    await row.getByText('Einladungs-E-Mail: fehlgeschlagen').waitFor();
    await screenshot(page, 'operator-invitation-failed');

    await e2e.smtp.start();
    await row.getByRole('button', { name: `Einladung erneut senden: ${ownerEmail}` }).click();
    await page
      .getByTestId('toast')
      .getByText(`Einladung erneut an ${ownerEmail} gesendet.`)
      .waitFor();
    await row.getByText('Einladungs-E-Mail: zugestellt').waitFor();
    const mail = await e2e.smtp.waitForMail(ownerEmail);
    expect(mail.text).toContain(name);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/employee\/login\?magic_token=[A-Za-z0-9_-]{43})/.exec(
      mail.text,
    )?.[1];
    expect(link).toBeTruthy();

    const ownerContext = await e2e.context();
    const owner = await ownerContext.newPage();
    await owner.goto(link!);
    await owner.waitForURL('**/employee/onboarding');
    await ownerContext.close();
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`opens a business from the filtered list, re-sends its owner's failed invitation, acts inside it with the banner and returns (${width} px)`, async () => {
      // Made per attempt: a retry starts with businesses and an address of its own.
      const tag = newTag();
      const name = `Gasthof Adler ${width} ${tag}`;
      const branch = `Gasthof Adler ${width} ${tag} Zweigstelle`;
      const ownerEmail = `wirt-${width}-${tag}@gasthof-adler.example`;
      await createBusiness(e2e.server.deps.database.db, { name, points: ['person'] });
      // Created after it, so the newest first puts the branch before it, unlike the name order.
      await createBusiness(e2e.server.deps.database.db, { name: branch });
      const context = await e2e.context({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await openSignedIn(page, e2e.server, operator.email);
      await openConsole(page);
      await e2e.smtp.stop();
      const row = page.getByTestId(`business-${name}`);
      await row.getByRole('button', { name: `Inhaber einladen: ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Inhaber für „${name}“ einladen` });
      await dialog.getByLabel(/^E-Mail/).fill(ownerEmail);
      await dialog.getByRole('button', { name: 'Einladen' }).click();
      await page
        .getByTestId('toast')
        .getByText(
          `Die Einladung an ${ownerEmail} konnte noch nicht zugestellt werden; sie wird erneut versucht.`,
        )
        .waitFor();
      // Every retry fails while the mail server is down.
      for (const delay of INVITATION_RETRY_DELAYS_MS) {
        clock.advance(delay);
        await retryJob();
      }
      expect(e2e.smtp.mails.filter((mail) => mail.to.includes(ownerEmail))).toEqual([]);

      // The test clock ran past the idle limit: the operator signs in again and narrows the list;
      // the address keeps search, state and order.
      await openSignedIn(page, e2e.server, operator.email);
      await openConsole(page);
      await page.getByRole('searchbox', { name: 'Suche' }).fill(name);
      await expect
        .poll(() => page.getByTestId('businesses-table').getByRole('link').allTextContents())
        .toEqual([name, branch]);
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Aktiv' });
      await page.getByLabel('Sortierung').selectOption({ label: 'Neueste zuerst' });
      await page.waitForURL(
        (url) =>
          url.searchParams.get('suche') === name &&
          url.searchParams.get('status') === 'active' &&
          url.searchParams.get('sortierung') === 'created',
      );
      await expect
        .poll(() => page.getByTestId('businesses-table').getByRole('link').allTextContents())
        .toEqual([branch, name]);
      const listUrl = page.url();
      // A self sign-up is marked in the list.
      await page.getByRole('searchbox', { name: 'Suche' }).fill('Pension Eigenanmeldung');
      await page
        .getByTestId('business-Pension Eigenanmeldung')
        .getByText('Selbstregistrierung')
        .waitFor();
      await page.getByRole('searchbox', { name: 'Suche' }).fill(name);
      await page.waitForURL(listUrl);

      await row.getByRole('link', { name }).click();
      await page.waitForURL('**/admin/businesses/*');
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByText('Betreiber-Konsole').waitFor();
      const person = page.getByTestId(`person-${ownerEmail}`);
      await person.getByText('Einladungs-E-Mail: fehlgeschlagen').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `operator-business-page-${width}`);

      await e2e.smtp.start();
      await person.getByRole('button', { name: `Einladung erneut senden: ${ownerEmail}` }).click();
      await person.getByText('Einladungs-E-Mail: zugestellt').waitFor();
      await e2e.smtp.waitForMail(ownerEmail);
      // Nothing sticks out sideways, at either width.
      expect(await horizontalOverflow(page)).toBe(0);

      // '← Alle Betriebe' returns to the list as it was left; so does the browser's back button.
      await page.getByRole('link', { name: '← Alle Betriebe' }).click();
      await page.waitForURL(listUrl);
      expect(await page.getByRole('searchbox', { name: 'Suche' }).inputValue()).toBe(name);
      await row.getByRole('link', { name }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.goBack();
      await page.waitForURL(listUrl);
      await row.getByRole('link', { name }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();

      // Acting inside the business: the banner says so, with the way back.
      await page.getByRole('button', { name: 'In diesem Betrieb arbeiten' }).click();
      await page.waitForURL('**/admin/dashboard');
      const banner = page.getByRole('region', { name: 'Arbeit in einem Betrieb' });
      await banner
        .getByText(`Sie arbeiten als Plattform-Betreiber im Betrieb „${name}“.`)
        .waitFor();
      await banner.getByRole('link', { name: 'Zur Plattform-Ansicht' }).click();
      await page.waitForURL('**/admin/businesses');
      await page.getByRole('heading', { name: 'Betriebe', level: 1 }).waitFor();
      expect(await banner.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
