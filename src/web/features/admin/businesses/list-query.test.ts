import { describe, expect, it } from 'vitest';
import { listQueryHref, readListQuery } from './list-query';

describe('the business list’s state in the address', () => {
  it('round-trips search, state, order and page, leaving defaults out', () => {
    const query = { search: 'Café & Bar', status: 'suspended', sort: 'tips', page: 3 } as const;
    const href = listQueryHref(query);
    expect(href).toBe(
      '/admin/businesses?suche=Caf%C3%A9+%26+Bar&status=suspended&sortierung=tips&seite=3',
    );
    expect(readListQuery(new URL(href, 'http://x').searchParams)).toEqual(query);
    expect(listQueryHref({ search: '', status: 'all', sort: 'name', page: 1 })).toBe(
      '/admin/businesses',
    );
  });

  it('falls back to the defaults for values typed by hand', () => {
    expect(readListQuery(new URLSearchParams('status=offen&sortierung=umsatz&seite=-2'))).toEqual({
      search: '',
      status: 'all',
      sort: 'name',
      page: 1,
    });
    expect(readListQuery(new URLSearchParams('seite=1.5')).page).toBe(1);
  });
});
