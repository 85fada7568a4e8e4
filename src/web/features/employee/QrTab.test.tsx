import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QrCard } from '../../../shared/api/employee';
import { mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { CodeView } from './QrTab';

/**
 * 'Mein QR-Code' on its own (decision 0530). Moved here from test/e2e/staff-phone.test.ts
 * (decision 0590); test/e2e/employee-dashboard.test.ts downloads both files in the browser and
 * decodes them to the tip link.
 */

const card: Extract<QrCard, { source: 'entrypoint' }> = {
  source: 'entrypoint',
  uid: 'a1b2c3d4',
  label: null,
  link: 'http://app.local/t/a1b2c3d4',
  appleWalletUrl: null,
  others: [],
};

/** The download's stand-ins of this file, undone after each test (setup.ts keeps its own spies). */
const spies: { mockRestore(): void }[] = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

describe("'Mein QR-Code'", () => {
  it('confirms the SVG download like the PNG download', async () => {
    const toasts = recordToasts();
    mockApi({ 'GET /api/employee/wallet': { apple: null, google: null } });
    const saved: string[] = [];
    spies.push(
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:qr'),
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {}),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    spies.push(click);
    const { user } = renderScreen(<CodeView card={card} name="Anna Schneider" />);
    await user.click(screen.getByRole('button', { name: 'SVG Download' }));
    expect(saved).toEqual(['qr-code-a1b2c3d4-Anna-Schneider.svg']);
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Download erfolgreich',
        description: 'QR-Code wurde als SVG gespeichert.',
        variant: 'success',
      }),
    );
  });
});
