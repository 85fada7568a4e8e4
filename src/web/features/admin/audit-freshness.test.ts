import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setChangeHandler } from '../../lib/api';
import { adminKeys } from './admin-api';
import { auditListsFollowChanges } from './audit-freshness';

afterEach(() => {
  setChangeHandler(undefined);
  vi.unstubAllGlobals();
});

function answering(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(status === 204 ? null : '{}', { status })),
  );
}

describe('audit lists after an admin change', () => {
  it('are out of date after a successful change under /api/admin/, and only then', async () => {
    const queryClient = new QueryClient();
    setChangeHandler(auditListsFollowChanges(queryClient));
    const card = adminKeys.auditLog('b-1');
    const page = adminKeys.auditLog('b-1', { page: 2, pageSize: 20 });
    const points = adminKeys.points('b-1');
    for (const key of [card, page, points]) queryClient.setQueryData(key, []);
    const stale = () =>
      [card, page, points].map((key) => queryClient.getQueryState(key)?.isInvalidated);

    answering(200);
    await api.get('/api/admin/entrypoints');
    await api.post('/api/employee/replies', {});
    expect(stale()).toEqual([false, false, false]);

    answering(409);
    await expect(api.post('/api/admin/entrypoints', {})).rejects.toThrow();
    expect(stale()).toEqual([false, false, false]);

    answering(204);
    await api.delete('/api/admin/entrypoints/p-1');
    expect(stale()).toEqual([true, true, false]);
  });
});
