import { describe, expect, it } from 'vitest';
import { type AppRoute, matchRoutes } from './router';

const page = (path: string): AppRoute => ({ path });
const table: AppRoute[] = [
  {
    children: [
      page('/'),
      { children: [page('/admin/dashboard'), page('/admin/users')] },
      page('/t/:uid'),
      page('*'),
    ],
  },
];
const leaf = (pathname: string) => matchRoutes(table, pathname)?.at(-1)?.path;

describe('matchRoutes (the app router, decision 0414)', () => {
  it('finds the page through its layouts, root first', () => {
    const branch = matchRoutes(table, '/admin/users');
    expect(branch).toHaveLength(3);
    expect(branch?.[0]).toBe(table[0]);
    expect(branch?.at(-1)?.path).toBe('/admin/users');
  });

  it('ignores a trailing slash and letter case, as the server does', () => {
    expect(leaf('/admin/users/')).toBe('/admin/users');
    expect(leaf('/Admin/Users')).toBe('/admin/users');
    expect(leaf('/')).toBe('/');
  });

  it('lets a parameter stand for exactly one non-empty segment', () => {
    expect(leaf('/t/aio-anna-4k7p')).toBe('/t/:uid');
    expect(leaf('/t/')).toBe('*');
    expect(leaf('/t/a/b')).toBe('*');
  });

  it('falls through to the catch-all last, and finds nothing without one', () => {
    expect(leaf('/admin/users/extra')).toBe('*');
    expect(matchRoutes([page('/a')], '/b')).toBeNull();
  });
});
