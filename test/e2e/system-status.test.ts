import { hostname } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createPlatformAdmin,
  type FactoryBusiness,
  type FactoryPerson,
} from '../support/factories';
import { recordBackupRun } from '../../src/server/db/backup-runs';
import { createHeartbeat, createOutboxMail, createWebhookEvent } from '../support/system-factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { screenshot } from './support/harness';
import { horizontalOverflow, seriousAxeViolations } from './support/page-checks';
import { consoleProblems } from './support/console';

/**
 * The platform admin's status view /admin/system (decision 0404) on a phone:
 * this server's own heartbeat and a second instance's, the database, jobs, webhooks, the mail
 * outbox and the payment mode, in German at 390 and 360 px; owners are refused.
 */

const e2e = useE2E({ seeded: false });
const PHONE = { width: 390, height: 844 };

let seeblick: FactoryBusiness;
let morgenrot: FactoryBusiness;
let operator: FactoryPerson;

beforeAll(async () => {
  const db = e2e.server.deps.database.db;
  seeblick = await createBusiness(db, { name: 'Hotel Seeblick', employees: 1 });
  morgenrot = await createBusiness(db, { name: 'Café Morgenrot', employees: 1 });
  operator = await createPlatformAdmin(db, {
    businessId: seeblick.id,
    email: 'sabine.hoffmann@plattform.example',
    fullName: 'Sabine Hoffmann',
  });
  const now = e2e.server.deps.clock.now();
  // A second instance behind the same database, reporting like this one.
  await createHeartbeat(db, {
    hostName: 'app-zwei',
    version: '0.1.0',
    startedAt: new Date(now.getTime() - 60 * 60_000),
    lastSeenAt: now,
    jobs: {
      payouts: {
        lastStartedAt: now.toISOString(),
        lastSucceededAt: null,
        lastFailedAt: now.toISOString(),
        lastError: 'Error: Stripe antwortet nicht',
        failures: 1,
        runs: 1,
      },
    },
  });
  // A third one stopped cleanly after a deploy: not counted as down.
  await createHeartbeat(db, {
    hostName: 'app-alt',
    startedAt: new Date(now.getTime() - 3 * 60 * 60_000),
    lastSeenAt: new Date(now.getTime() - 2 * 60 * 60_000),
    stoppedAt: new Date(now.getTime() - 2 * 60 * 60_000),
  });
  await recordBackupRun(db, {
    finishedAt: new Date(now.getTime() - 3 * 60 * 60_000),
    bytes: 2 * 1024 * 1024,
    fileName: 'trinkgeld-2026-11-29.trinkgeld-backup',
    migration: '0490_backup_runs',
    rows: 1234,
  });
  await createWebhookEvent(db, { receivedAt: new Date(now.getTime() - 5 * 60_000) });
  await createOutboxMail(db, { status: 'failed', createdAt: now });
});

describe('Systemstatus (platform admin)', () => {
  it('shows this instance and another, and every section, on a phone in German', async () => {
    const context = await e2e.context({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await openSignedIn(page, e2e.server, operator.email, '/admin/dashboard');
    // From the phone menu, as the platform admin reaches it.
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Admin-Navigation' })
      .getByRole('link', { name: 'System', exact: true })
      .click();
    await page.waitForURL('**/admin/system');
    await page.getByRole('heading', { name: 'Systemstatus', level: 1 }).waitFor();

    const mine = page.getByTestId(`instance-${hostname().slice(0, 200)}`);
    await mine.getByText('Läuft', { exact: true }).waitFor();
    await mine.getByText('diese Instanz').waitFor();
    await mine.getByText(e2e.server.deps.instanceId!).waitFor();
    const other = page.getByTestId('instance-app-zwei');
    await other.getByText('Läuft', { exact: true }).waitFor();
    await page.getByText('2 von 2 laufen').waitFor();

    const database = page.getByTestId('system-database');
    await database.getByText('Erreichbar', { exact: true }).waitFor();
    await database
      .getByText(/\d+(,\d)? (KB|MB|GB)/)
      .first()
      .waitFor();
    expect(await database.getByTestId('system-last-backup').textContent()).toMatch(
      /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} · 2 MB$/,
    );

    const payouts = page.getByTestId('job-payouts');
    await payouts.getByText('Fehlgeschlagen', { exact: true }).waitFor();
    await payouts.getByText('Error: Stripe antwortet nicht').waitFor();

    const webhooks = page.getByTestId('system-webhooks');
    await webhooks.getByRole('heading', { name: 'Webhooks und Abgleich' }).waitFor();
    // A fresh database: exactly the event and the mail made above.
    expect(
      await webhooks.getByText('Unverarbeitete Webhooks').locator('xpath=..').textContent(),
    ).toBe('Unverarbeitete Webhooks1');
    const mail = page.getByTestId('system-mail');
    expect(await mail.getByText('Fehlgeschlagen').locator('xpath=..').textContent()).toBe(
      'Fehlgeschlagen1',
    );
    await page.getByTestId('system-payments').getByText('Demo (keine echten Zahlungen)').waitFor();

    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'system-status-390');

    // Keyboard: 'Aktualisieren' reads the status again.
    const refresh = page.getByRole('button', { name: 'Aktualisieren' });
    await refresh.focus();
    const again = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/admin/system',
    );
    await page.keyboard.press('Enter');
    expect((await again).status()).toBe(200);
    await refresh.waitFor();

    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByTestId('system-jobs').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is not offered to owners, and refuses them', async () => {
    const context = await e2e.context({ viewport: PHONE, isMobile: true });
    const page = await context.newPage();
    const problems = consoleProblems(page, [403]);
    await openSignedIn(page, e2e.server, morgenrot.owner.email, '/admin/dashboard');
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Admin-Navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'System', exact: true }).count()).toBe(0);
    await page.goto('/admin/system');
    await page.getByRole('heading', { name: 'Zugriff verweigert' }).waitFor();
    const answer = await context.request.get('/api/admin/system');
    expect(answer.status()).toBe(403);
    expect((await answer.json()).error.message).toBe(
      'Nur der Plattform-Administrator sieht den Systemstatus.',
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
