import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '../../../../shared/api/webhooks';
import { basisPlan, proPlan } from '../../../../../test/support/web-factories';
import {
  answer,
  apiError,
  fill,
  mockApi,
  recordToasts,
  renderScreen,
} from '../../../../../test/support/component';
import { WebhooksSection } from './WebhooksSection';

const SECRET = 'whsec_MfKQ9r1N2Zq0Q9ZQ0aZ5WLq0mZQ0aZ5WLq0m';
const ID = '44444444-4444-4444-8444-444444444444';
const URL_1 = 'https://pms.example.de/trinkgeld';

function endpoint(fields: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: ID,
    url: URL_1,
    description: 'Lohnbüro',
    eventTypes: ['tip.paid', 'payout.paid'],
    state: 'enabled',
    disabledReason: null,
    disabledAt: null,
    previousSecretExpiresAt: null,
    createdAt: '2026-11-02T09:30:00.000Z',
    createdBy: 'Mara Inhaberin',
    lastDelivery: null,
    ...fields,
  };
}

function delivery(fields: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    eventId: 'msg_2Yp0N7dXk1',
    type: 'tip.paid',
    origin: 'event',
    state: 'delivered',
    attempts: 2,
    nextAttemptAt: null,
    createdAt: '2026-11-20T14:05:00.000Z',
    finishedAt: '2026-11-20T14:05:06.000Z',
    payloadKept: true,
    attemptLog: [
      {
        attemptedAt: '2026-11-20T14:05:00.000Z',
        status: 503,
        durationMs: 1250,
        responseExcerpt: 'Service Unavailable',
        error: null,
      },
      {
        attemptedAt: '2026-11-20T14:05:06.000Z',
        status: 200,
        durationMs: 48,
        responseExcerpt: 'ok',
        error: null,
      },
    ],
    ...fields,
  };
}

const none: WebhookEndpointList = { items: [] };
const addButton = () => screen.getByRole('button', { name: 'Endpunkt hinzufügen' });
const eventBoxes = () =>
  within(screen.getByRole('group', { name: /^Ereignisse/ })).getAllByRole('checkbox');

describe("the 'Webhooks' section of 'API und Webhooks'", () => {
  it('checks a new endpoint in the browser, adds it and shows its secret once', async () => {
    const toasts = recordToasts();
    const added: WebhookEndpointWithSecret = { endpoint: endpoint(), secret: SECRET };
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': none,
      'POST /api/admin/webhooks': added,
    });
    const { user, client } = renderScreen(<WebhooksSection />);
    expect(await screen.findByText('Noch keine Webhook-Endpunkte.')).toBeTruthy();

    // The server's schema refuses a missing URL and no event, before any request.
    await user.click(addButton());
    expect(
      await screen.findByText(
        'Bitte geben Sie eine vollständige URL an, die mit https:// beginnt.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Bitte wählen Sie mindestens ein Ereignis.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Each event type is explained beside its code.
    expect(eventBoxes()).toHaveLength(5);
    await fill(user, screen.getByLabelText(/^URL des Endpunkts/), ` ${URL_1} `);
    await fill(user, screen.getByLabelText(/^Beschreibung/), 'Lohnbüro');
    await user.click(screen.getByRole('checkbox', { name: 'Trinkgeld bezahlt tip.paid' }));
    await user.click(screen.getByRole('checkbox', { name: /^Auszahlung überwiesen/ }));
    await user.click(addButton());

    const dialog = await screen.findByRole('dialog', { name: 'Secret des Endpunkts' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { url: URL_1, description: 'Lohnbüro', eventTypes: ['tip.paid', 'payout.paid'] },
    ]);
    expect(dialog.textContent).toContain('Es wird nur jetzt angezeigt.');
    const secret = within(dialog).getByLabelText(`Secret für ${URL_1}`) as HTMLTextAreaElement;
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(toasts().map((toast) => toast.title)).toContain('Secret kopiert'));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Gone from the page and from every cache; the endpoint is listed, the form empty again.
    expect(document.body.innerHTML).not.toContain(SECRET);
    const cached = JSON.stringify(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    expect(cached).not.toContain(SECRET);
    const item = screen.getByTestId('webhook-endpoint');
    expect(item.textContent).toContain(URL_1);
    expect(item.textContent).toContain('Aktiv');
    expect(item.textContent).toContain('Hinzugefügt am 02.11.2026 von Mara Inhaberin');
    expect((screen.getByLabelText(/^URL des Endpunkts/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal of a URL as a toast and keeps the form', async () => {
    const toasts = recordToasts();
    const refused =
      'An diese URL können keine Webhooks gesendet werden. Die Adresse 10.0.0.1 ist privat, lokal oder reserviert. Webhooks gehen nur an öffentliche Adressen.';
    mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': none,
      'POST /api/admin/webhooks': apiError(422, 'webhook_url_refused', refused),
    });
    const { user } = renderScreen(<WebhooksSection />);
    await screen.findByText('Noch keine Webhook-Endpunkte.');
    await fill(user, screen.getByLabelText(/^URL des Endpunkts/), 'http://10.0.0.1/hook');
    await user.click(screen.getByRole('checkbox', { name: /^Trinkgeld erstattet/ }));
    await user.click(addButton());
    await waitFor(() => expect(toasts()).toEqual([{ title: refused, variant: 'destructive' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText(/^URL des Endpunkts/) as HTMLInputElement).value).toBe(
      'http://10.0.0.1/hook',
    );
  });

  it('shows the delivery log with each attempt and sends a delivery again', async () => {
    const toasts = recordToasts();
    let replayed = false;
    const again = delivery({
      id: '66666666-6666-4666-8666-666666666666',
      origin: 'replay',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: '2026-11-21T10:00:00.000Z',
      attemptLog: [],
    });
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': {
        items: [
          endpoint({ lastDelivery: { state: 'delivered', createdAt: '2026-11-20T14:05:00.000Z' } }),
        ],
      },
      [`GET /api/admin/webhooks/${ID}/deliveries`]: () => ({
        items: replayed ? [again, delivery()] : [delivery()],
        nextCursor: null,
      }),
      [`POST /api/admin/webhooks/${ID}/deliveries/${delivery().id}/replay`]: () => {
        replayed = true;
        return { eventId: delivery().eventId, deliveryId: again.id };
      },
    });
    const { user } = renderScreen(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-endpoint');
    expect(item.textContent).toContain('Zugestellt, 20.11.2026');
    const toggle = within(item).getByRole('button', { name: 'Zustellprotokoll anzeigen' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const log = await within(item).findByTestId('webhook-deliveries');
    const entry = within(log).getByTestId('webhook-delivery');
    expect(entry.textContent).toContain('tip.paid');
    expect(entry.textContent).toContain('msg_2Yp0N7dXk1');
    expect(entry.textContent).toContain('Zugestellt');
    expect(entry.textContent).toContain('2 Versuche');
    expect(entry.textContent).toContain('HTTP 503');
    expect(entry.textContent).toContain('1.250 ms');
    expect(entry.textContent).toContain('Service Unavailable');
    expect(entry.textContent).toContain('HTTP 200');

    await user.click(
      within(entry).getByRole('button', { name: 'Erneut senden: Ereignis msg_2Yp0N7dXk1' }),
    );
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(2));
    expect(within(log).getAllByTestId('webhook-delivery')[0]!.textContent).toContain(
      'Erneut gesendet',
    );
    expect(toasts()).toContainEqual({ title: 'Ereignis wird erneut gesendet', variant: 'success' });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/admin/webhooks/${ID}/deliveries/${delivery().id}/replay`,
    ]);
  });

  it("asks for the log once when it opens; the list learns 'Letzte Zustellung' without asking the log again", async () => {
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': { items: [endpoint()] },
      [`GET /api/admin/webhooks/${ID}/deliveries`]: { items: [delivery()], nextCursor: null },
    });
    const { user } = renderScreen(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-endpoint');
    await user.click(within(item).getByRole('button', { name: 'Zustellprotokoll anzeigen' }));
    await within(item).findByTestId('webhook-deliveries');
    const asked = (path: string) =>
      calls.filter((call) => call.method === 'GET' && call.path === path).length;
    // The log's answer makes the list ask again (its 'Letzte Zustellung')…
    await waitFor(() => expect(asked('/api/admin/webhooks')).toBe(2));
    // …and must not make the log ask again (the list's key is the start of the log's, so a
    // loose invalidation refetched both at once, and the log's answer asked the list again).
    expect(asked(`/api/admin/webhooks/${ID}/deliveries`)).toBe(1);
    expect(asked('/api/admin/webhooks')).toBe(2);
  });

  it("loads older deliveries page by page with 'Ältere Zustellungen laden'", async () => {
    const older = delivery({ id: '77777777-7777-4777-8777-777777777777', eventId: 'msg_older' });
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': { items: [endpoint()] },
      [`GET /api/admin/webhooks/${ID}/deliveries`]: (call) =>
        call.query.get('before') === delivery().id
          ? { items: [older], nextCursor: null }
          : { items: [delivery()], nextCursor: delivery().id },
    });
    const { user } = renderScreen(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-endpoint');
    await user.click(within(item).getByRole('button', { name: 'Zustellprotokoll anzeigen' }));
    const log = await within(item).findByTestId('webhook-deliveries');
    expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(1);
    await user.click(
      within(item).getByRole('button', { name: 'Ältere Zustellungen laden (je 50)' }),
    );
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(2));
    expect(within(log).getAllByTestId('webhook-delivery')[1]!.textContent).toContain('msg_older');
    // The oldest page says so: no button any more.
    expect(within(item).queryByRole('button', { name: /Ältere Zustellungen laden/ })).toBeNull();
    expect(
      calls
        .filter((call) => call.path.endsWith('/deliveries'))
        .map((call) => call.query.get('before')),
    ).toEqual([null, delivery().id]);
  });

  it('sends a test event, switches the endpoint off and on, renews its secret and deletes it after asking', async () => {
    const toasts = recordToasts();
    // The server's state: every answer and the list say the same.
    let current: WebhookEndpoint | null = endpoint();
    const calls = mockApi({
      'GET /api/admin/plan': proPlan(),
      'GET /api/admin/webhooks': () => ({ items: current ? [current] : [] }),
      [`GET /api/admin/webhooks/${ID}/deliveries`]: { items: [], nextCursor: null },
      [`POST /api/admin/webhooks/${ID}/test`]: { eventId: 'msg_t', deliveryId: delivery().id },
      [`PATCH /api/admin/webhooks/${ID}`]: (call) => {
        current = (call.body as { enabled: boolean }).enabled
          ? endpoint()
          : endpoint({
              state: 'disabled',
              disabledReason: 'owner',
              disabledAt: '2026-11-21T10:00:00.000Z',
            });
        return current;
      },
      [`POST /api/admin/webhooks/${ID}/roll-secret`]: () => {
        current = endpoint({ previousSecretExpiresAt: '2026-11-22T10:00:00.000Z' });
        return { endpoint: current, secret: SECRET };
      },
      [`DELETE /api/admin/webhooks/${ID}`]: () => {
        current = null;
        return answer(204);
      },
    });
    const { user } = renderScreen(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-endpoint');

    await user.click(within(item).getByRole('button', { name: `Testereignis senden an ${URL_1}` }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: 'Testereignis wird gesendet', variant: 'success' }),
    );

    await user.click(within(item).getByRole('button', { name: `Deaktivieren: ${URL_1}` }));
    await within(item).findByText('Deaktiviert von Ihnen.');
    expect(
      (
        within(item).getByRole('button', {
          name: `Testereignis senden an ${URL_1}`,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    await user.click(within(item).getByRole('button', { name: `Aktivieren: ${URL_1}` }));
    await waitFor(() => expect(within(item).queryByText('Deaktiviert von Ihnen.')).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { enabled: false },
      { enabled: true },
    ]);

    await user.click(within(item).getByRole('button', { name: `Secret erneuern für ${URL_1}` }));
    const ask = await screen.findByRole('alertdialog', { name: 'Secret erneuern?' });
    expect(ask.textContent).toContain('24 Stunden');
    await user.click(within(ask).getByRole('button', { name: 'Secret erneuern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secret des Endpunkts' });
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(item.textContent).toContain('Das bisherige Secret signiert noch bis');

    await user.click(within(item).getByRole('button', { name: `Löschen: ${URL_1}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Endpunkt löschen?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Endpunkt löschen' }));
    await screen.findByText('Noch keine Webhook-Endpunkte.');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('on Basis turns the form off and still lists the endpoints', async () => {
    mockApi({
      'GET /api/admin/plan': basisPlan(),
      'GET /api/admin/webhooks': {
        items: [
          endpoint({
            state: 'disabled',
            disabledReason: 'gone',
            disabledAt: '2026-11-20T14:05:00.000Z',
          }),
        ],
      },
    });
    const { user } = renderScreen(<WebhooksSection />);
    const item = await screen.findByTestId('webhook-endpoint');
    expect(item.textContent).toContain(
      'Deaktiviert: Der Empfänger hat mit 410 (Gone) geantwortet.',
    );
    await waitFor(() => expect((addButton() as HTMLButtonElement).disabled).toBe(true));
    for (const control of [screen.getByLabelText(/^URL des Endpunkts/), ...eventBoxes()]) {
      expect(control.closest('fieldset[disabled]')).not.toBeNull();
    }
    await user.click(addButton());
    expect(screen.queryByText('Bitte wählen Sie mindestens ein Ereignis.')).toBeNull();
  });
});
