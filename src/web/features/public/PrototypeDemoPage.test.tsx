import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../../test/support/component';
import { PrototypeDemoPage } from './PrototypeDemoPage';

/**
 * /prototype-demo on its own (decision 0530): one page of fixed content and its dialog. Moved
 * here from test/e2e/public-pages.test.ts (decision 0590), which still opens the page in the
 * browser at 360 px among the public pages.
 */
/** How long a wait may take on a busy machine; it ends as soon as its condition holds. */
const SLOW = { timeout: 10_000 };

describe('the prototype overview', () => {
  it('shows the three flows with their steps, status labels and the thank-you loop dialog', async () => {
    // The page's frame asks what this site offers (a development site: demo pages, sign-up).
    mockApi({
      'GET /api/public-config': {
        contactEmail: 'hallo@trinkgeld.example',
        publicOrigin: 'http://app.local',
        paymentProvider: 'demo',
        signup: 'open',
        demoPages: true,
      },
    });
    const { user, navigate } = renderScreen(<PrototypeDemoPage />, {
      location: '/prototype-demo',
    });
    const steps = (flow: string) =>
      within(screen.getByRole('list', { name: `Schritte: ${flow}` })).getAllByRole('listitem');
    expect(steps('Gast')).toHaveLength(3);
    expect(steps('Mitarbeiter')).toHaveLength(7);
    expect(steps('Admin')).toHaveLength(3);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    const foundation = rows.find((row) => row.textContent?.includes('Fundament'));
    expect(foundation?.textContent).toContain('Live');
    const status = screen.getByRole('table').textContent ?? '';
    expect(status).toContain('Geplant');
    // Nothing waits on something outside the code any more; the wallet passes are in beta.
    expect(status).toContain('Beta');

    await user.click(screen.getByRole('button', { name: 'Dankeschön-Kreislauf ansehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Der Dankeschön-Kreislauf' }, SLOW);
    expect(within(dialog).getByText('Schritt 1 von 4')).toBeTruthy();
    for (let step = 2; step <= 4; step++) {
      await user.click(within(dialog).getByRole('button', { name: 'Weiter' }));
      expect(await within(dialog).findByText(`Schritt ${step} von 4`, {}, SLOW)).toBeTruthy();
    }
    expect(within(dialog).getByText('Live im Dashboard')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Selbst ausprobieren' }).getAttribute('href'),
    ).toBe('/t/aio-anna-schneider-4k7p');
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));

    // The staff flow's first step is the login page, opened in place.
    await user.click(within(steps('Mitarbeiter')[0]!).getByRole('link'));
    expect(navigate).toHaveBeenCalledWith('/employee/login', expect.anything());
  });
});
