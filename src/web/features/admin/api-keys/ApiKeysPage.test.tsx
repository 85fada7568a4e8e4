import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyCreated, ApiKeyList } from '../../../../shared/api/api-keys';
import { basisPlan, proPlan } from '../../../../../test/support/web-factories';
import {
  apiError,
  fill,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../../test/support/component';
import { ApiKeysPage } from './ApiKeysPage';

const SECRET = 'tg_test_9fK2mQx7Lr4Vt8Zp1Wn6Hs3Jd5Bc0a1b2';

function apiKey(fields: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Kasse Restaurant',
    prefix: 'tg_test_',
    lastFour: 'a1b2',
    scopes: ['tips:read', 'reports:read'],
    createdAt: '2026-11-02T09:30:00.000Z',
    createdBy: 'Mara Inhaberin',
    lastUsedAt: null,
    expiresAt: null,
    revokedAt: null,
    state: 'active',
    ...fields,
  };
}

const none: ApiKeyList = { items: [] };
const createButton = () => screen.getByRole('button', { name: 'Schlüssel erstellen' });
const table = () => within(screen.getByTestId('api-keys-table'));
/** The key form's scopes (the webhooks section below has checkboxes of its own). */
const scopeBoxes = () =>
  within(screen.getByRole('group', { name: /^Berechtigungen/ })).getAllByRole('checkbox');

describe("the 'API und Webhooks' page", () => {
  it('checks a new key in the browser, creates it and shows its secret once', async () => {
    const toasts = recordToasts();
    const created: ApiKeyCreated = {
      key: apiKey({ expiresAt: '2027-03-31T22:00:00.000Z' }),
      secret: SECRET,
    };
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': { items: [] },
      'GET /api/admin/api-keys': none,
      'POST /api/admin/api-keys': created,
    });
    const { user, client } = renderScreen(<ApiKeysPage />);
    expect(await screen.findByText('Noch keine API-Schlüssel.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'API und Webhooks' })).toBeTruthy();
    expect(screen.queryByTestId('pro-notice')).toBeNull();

    // The server's schema refuses an empty name and no scope, before any request.
    await user.click(createButton());
    expect(await screen.findByText('Bitte geben Sie dem Schlüssel einen Namen.')).toBeTruthy();
    expect(screen.getByText('Bitte wählen Sie mindestens eine Berechtigung.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Each scope is explained beside its code.
    const scopes = scopeBoxes();
    expect(scopes).toHaveLength(7);
    expect(
      screen.getByRole('checkbox', {
        name: 'Bezahlpunkte anlegen und deaktivieren payment_points:write',
      }),
    ).toBeTruthy();

    await fill(user, screen.getByLabelText(/^Name/), '  Kasse Restaurant ');
    await user.click(screen.getByRole('checkbox', { name: /^Trinkgelder lesen/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Berichte lesen/ }));
    await fill(user, screen.getByLabelText(/^Läuft ab am/), '2027-03-31');
    await user.click(createButton());

    const dialog = await screen.findByRole('dialog', { name: 'Ihr neuer API-Schlüssel' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Kasse Restaurant', scopes: ['tips:read', 'reports:read'], expiresOn: '2027-03-31' },
    ]);
    expect(dialog.textContent).toContain(
      'Dieser Schlüssel wird nur jetzt angezeigt. Bewahren Sie ihn sicher auf.',
    );
    const secret = within(dialog).getByLabelText('API-Schlüssel „Kasse Restaurant“');
    expect((secret as HTMLTextAreaElement).value).toBe(SECRET);
    expect((secret as HTMLTextAreaElement).readOnly).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    await waitFor(() =>
      expect(toasts().map((toast) => toast.title)).toContain('Schlüssel kopiert'),
    );
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
    const cached = JSON.stringify(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    expect(cached).not.toContain(SECRET);
    expect(JSON.stringify(client.getMutationCache().getAll())).not.toContain(SECRET);

    // The new key is listed, recognisable without its secret; the form is empty again.
    const row = table().getByTestId('api-key-row');
    expect(row.textContent).toContain('Kasse Restaurant');
    expect(row.textContent).toContain('tg_test_…a1b2');
    expect(row.textContent).toContain('Noch nie');
    expect(row.textContent).toContain('31.03.2027');
    expect(row.textContent).toContain('Aktiv');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal as a toast and keeps the form', async () => {
    const toasts = recordToasts();
    const limit =
      'Ein Betrieb kann höchstens 25 gültige API-Schlüssel haben. Bitte widerrufen Sie einen nicht mehr benötigten Schlüssel.';
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': { items: [] },
      'GET /api/admin/api-keys': none,
      'POST /api/admin/api-keys': apiError(409, 'api_key_limit', limit),
    });
    const { user } = renderScreen(<ApiKeysPage />);
    await screen.findByText('Noch keine API-Schlüssel.');
    await fill(user, screen.getByLabelText(/^Name/), 'Buchhaltung');
    await user.click(screen.getByRole('checkbox', { name: /^Auszahlungen lesen/ }));
    await user.click(createButton());
    await waitFor(() => expect(toasts()).toEqual([{ title: limit, variant: 'destructive' }]));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Buchhaltung',
      scopes: ['payouts:read'],
      expiresOn: null,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Buchhaltung');
  });

  it('lists the keys with their state and revokes an active one after asking', async () => {
    const toasts = recordToasts();
    const active = apiKey({ lastUsedAt: '2026-11-20T14:05:00.000Z' });
    const expired = apiKey({
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Alter Export',
      lastFour: 'c3d4',
      scopes: ['payouts:read'],
      createdBy: null,
      expiresAt: '2026-10-31T23:00:00.000Z',
      state: 'expired',
    });
    const revoked = apiKey({
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Testshop',
      lastFour: 'e5f6',
      revokedAt: '2026-11-10T08:00:00.000Z',
      state: 'revoked',
    });
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': { items: [] },
      'GET /api/admin/api-keys': { items: [active, expired, revoked] } satisfies ApiKeyList,
      [`POST /api/admin/api-keys/${active.id}/revoke`]: {
        ...active,
        revokedAt: '2026-11-21T10:00:00.000Z',
        state: 'revoked',
      },
    });
    const { user } = renderScreen(<ApiKeysPage />);
    await screen.findByTestId('api-keys-table');
    const rows = table().getAllByTestId('api-key-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[5]!.textContent)).toEqual([
      'Aktiv',
      'Abgelaufen',
      'Widerrufen',
    ]);
    expect(rows[0]!.textContent).toContain('02.11.2026 von Mara Inhaberin');
    expect(rows[0]!.textContent).toContain('Nie');
    expect(rows[1]!.textContent).toContain('tg_test_…c3d4');
    expect(rows[1]!.textContent).toContain('31.10.2026');
    expect(rows[1]!.textContent).toContain('Noch nie');
    // Only the active key can be revoked.
    expect(table().getAllByRole('button')).toHaveLength(1);
    // The phone's cards list the same keys.
    expect(
      within(screen.getByTestId('api-keys-cards')).getAllByTestId('api-key-card'),
    ).toHaveLength(3);

    await user.click(
      table().getByRole('button', { name: 'API-Schlüssel „Kasse Restaurant“ widerrufen' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'API-Schlüssel widerrufen?' });
    expect(dialog.textContent).toContain('Anfragen mit diesem Schlüssel werden sofort abgelehnt.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel widerrufen' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/admin/api-keys/${active.id}/revoke`,
    ]);
    expect(toasts()).toEqual([{ title: 'API-Schlüssel widerrufen', variant: 'success' }]);
    expect(
      within(table().getAllByTestId('api-key-row')[0]!).getAllByRole('cell')[5]!.textContent,
    ).toBe('Widerrufen');
    expect(table().queryAllByRole('button')).toHaveLength(0);
  });

  it('on Basis turns the form off, shows the way to Tarif, and still lists and revokes', async () => {
    const key = apiKey();
    const calls = mockApi({
      'GET /api/admin/plan': basisPlan(),
      'GET /api/admin/webhooks': { items: [] },
      'GET /api/admin/api-keys': { items: [key] } satisfies ApiKeyList,
      [`POST /api/admin/api-keys/${key.id}/revoke`]: { ...key, state: 'revoked' },
    });
    const { user } = renderScreen(<ApiKeysPage />);
    const notice = await screen.findByRole('region', { name: 'Gehört zu Trinkgeld Pro' });
    expect(notice.textContent).toContain('Der API-Zugang mit Webhooks');
    expect(within(notice).getByRole('link', { name: 'Zum Tarif' }).getAttribute('href')).toBe(
      '/admin/tarif',
    );
    // Every control sits in a disabled fieldset (the browser turns them all off; jsdom does not
    // follow fieldsets in `:disabled`, so the test looks at the fieldset), the button itself too.
    const controls = [
      screen.getByLabelText(/^Name/),
      screen.getByLabelText(/^Läuft ab am/),
      ...scopeBoxes(),
      createButton(),
    ];
    expect(controls).toHaveLength(10);
    for (const control of controls) expect(control.closest('fieldset[disabled]')).not.toBeNull();
    expect((createButton() as HTMLButtonElement).disabled).toBe(true);
    await user.click(createButton());
    expect(screen.queryByText('Bitte geben Sie dem Schlüssel einen Namen.')).toBeNull();

    await screen.findByTestId('api-keys-table');
    await user.click(
      table().getByRole('button', { name: 'API-Schlüssel „Kasse Restaurant“ widerrufen' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'API-Schlüssel widerrufen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Schlüssel widerrufen' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        `/api/admin/api-keys/${key.id}/revoke`,
      ]),
    );
    await waitFor(() => expect(table().queryAllByRole('button')).toHaveLength(0));
  });
});
