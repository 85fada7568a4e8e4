import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fill, mockApi, recordToasts, renderScreen } from '../../../../test/support/component';
import { loadAuthSchemas } from './auth-schemas';
import { MagicLinkForm } from './MagicLinkForm';

/**
 * The login page's magic-link form on its own (decision 0530; moved here from
 * test/e2e/sign-in.test.ts; test/e2e/magic-link.test.ts sends and opens a real link).
 */
/** How long a wait may take on a busy machine; it ends as soon as its condition holds. */
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  // The form loads its schemas on first use (decision 0410); here they are loaded up front.
  await loadAuthSchemas();
});

describe('the magic-link form', () => {
  it("shows 'Wird gesendet...' while a magic link is requested, then 'E-Mail gesendet!'", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((done) => (release = done));
    const toasts = recordToasts();
    const calls = mockApi({
      'POST /api/auth/rate-limit': {
        allowed: true,
        resetTime: '2026-11-29T15:00:00.000Z',
        retryAfter: 0,
      },
      'POST /api/auth/magic-link': async () => {
        await held;
        return { sent: true };
      },
    });
    const { user } = renderScreen(<MagicLinkForm />, { location: '/employee/login' });
    await fill(user, screen.getByLabelText('E-Mail'), 'anna@hotel-seeblick.example');
    await user.click(screen.getByRole('button', { name: 'Magic Link senden' }));
    const sending = await screen.findByRole('button', { name: 'Wird gesendet...' }, SLOW);
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('E-Mail gesendet!', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(toasts().map((toast) => toast.variant)).toContain('success'), SLOW);
    expect(calls.find((call) => call.path === '/api/auth/magic-link')?.body).toEqual({
      email: 'anna@hotel-seeblick.example',
    });
  });
});
