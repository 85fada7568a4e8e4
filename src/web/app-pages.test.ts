import type { AppRoute } from './lib/router';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_PATHS, isAppPage } from '../shared/app-pages';
import { routes } from './router';

function pathsOf(list: AppRoute[]): string[] {
  return list.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

describe('the pages the server answers with 200', () => {
  it('are exactly the router’s pages', () => {
    expect([...APP_PAGE_PATHS].sort()).toEqual(pathsOf(routes).sort());
  });

  it('match with parameters and a trailing slash, and nothing else', () => {
    expect(isAppPage('/t/aio-anna-schneider-4k7p')).toBe(true);
    expect(isAppPage('/admin/users/')).toBe(true);
    expect(isAppPage('/gibtsnicht')).toBe(false);
    expect(isAppPage('/t/')).toBe(false);
    expect(isAppPage('/admin/users/extra')).toBe(false);
    expect(isAppPage('/assets/index-deadbeef.js')).toBe(false);
  });
});
