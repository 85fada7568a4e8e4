import type { QueryClient } from '@tanstack/react-query';

/**
 * Every admin change writes an audit row on the server, so an audit list loaded before it lacks
 * that row: after a successful change under /api/admin/ the console's audit lists (card and
 * page, every business and filter) are marked out of date and reload where they are shown.
 */
export function auditListsFollowChanges(queryClient: QueryClient): (path: string) => void {
  return (path) => {
    if (!path.startsWith('/api/admin/')) return;
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[2] === 'audit-log',
    });
  };
}
