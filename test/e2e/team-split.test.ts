import { beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type FactoryBusiness } from '../support/factories';
import { openSignedIn } from './support/auth';
import { useE2E } from './support/environment';
import { trackPageErrors } from './support/harness';

/**
 * Done when: a 10,00 € tip to a three-member team shows 3,34 / 3,33 / 3,33 € in the
 * three members' dashboards, each with the explanation. Which member gets the extra cent is the
 * split's tie-break (team-split.ts); the journey checks the three shares together.
 */
const e2e = useE2E({ seeded: false });
let cafe: FactoryBusiness;

const text = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

beforeAll(async () => {
  cafe = await createBusiness(e2e.server.deps.database.db, {
    name: 'Café Dreiklang',
    employees: [
      { fullName: 'Clara Kern' },
      { fullName: 'David Lorenz' },
      { fullName: 'Emil Voss' },
    ],
    teams: [{ name: 'Service', members: [0, 1, 2], splitRule: 'equal' }],
    points: ['team'],
  });
});

describe('team tip split to the cent', () => {
  it('a guest tips the team 10,00 €; each member sees a third with the reason', async () => {
    const guestContext = await e2e.context({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const guest = await guestContext.newPage();
    const guestErrors = trackPageErrors(guest);
    const uid = cafe.points[0]!.uid;
    await guest.goto(`/t/${uid}`);
    await guest.getByRole('heading', { name: 'Trinkgeld geben' }).waitFor();
    await guest.getByRole('button', { name: '10 €' }).click();
    await guest.getByRole('button', { name: 'Weiter zur Zahlung · 10,00 €' }).click();
    await guest.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
    await guest.waitForURL('**/checkout/demo/**');
    await guest.getByRole('button', { name: 'Bezahlen' }).click();
    await guest.waitForURL(`**/t/${uid}**`);
    await guest.getByRole('heading', { name: 'Vielen Dank für Ihre Wertschätzung!' }).waitFor();
    expect(guestErrors).toEqual([]);

    const shares: string[] = [];
    for (const member of cafe.employees) {
      const context = await e2e.context();
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await openSignedIn(page, e2e.server, member.email);
      await page.waitForURL('**/employee/dashboard');
      await page.getByRole('tab', { name: 'Historie', exact: true }).click();
      const row = page
        .getByTestId('tip-row')
        .filter({ hasText: 'zu gleichen Teilen unter 3 Mitgliedern' });
      await row.waitFor();
      const rowText = text(await row.textContent());
      expect(rowText).toContain('Team');
      const share = /(\d+,\d{2}) €/.exec(rowText)?.[1];
      expect(share, rowText).toBeDefined();
      shares.push(share!);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(shares.sort()).toEqual(['3,33', '3,33', '3,34']);
  });
});
