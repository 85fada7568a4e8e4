import { describe, expect, it } from 'vitest';
import { listEndpoints } from './ApiReference';

describe('listEndpoints', () => {
  it('lists every operation sorted by path and method, with its summary', () => {
    expect(
      listEndpoints({
        paths: {
          '/api/tips': { post: { summary: 'Trinkgeld anlegen' }, get: { description: 'Liste' } },
          '/api/showcase': { get: { summary: 'Demo' } },
        },
      }),
    ).toEqual([
      { method: 'GET', path: '/api/showcase', summary: 'Demo' },
      { method: 'GET', path: '/api/tips', summary: 'Liste' },
      { method: 'POST', path: '/api/tips', summary: 'Trinkgeld anlegen' },
    ]);
    expect(listEndpoints({})).toEqual([]);
  });
});
