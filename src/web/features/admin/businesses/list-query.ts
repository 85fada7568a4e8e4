import { BUSINESS_LIST_SORTS, type BusinessListSort } from '../../../../shared/api/operator';
import { BUSINESS_STATUSES, type BusinessStatus } from '../../../../shared/domain/business-status';
import type { BusinessListQuery } from './operator-api';

export const BUSINESS_LIST_PATH = '/admin/businesses';

const DEFAULT_QUERY: BusinessListQuery = { search: '', status: 'all', sort: 'name', page: 1 };

const isStatus = (value: string | null): value is BusinessStatus =>
  (BUSINESS_STATUSES as readonly string[]).includes(value ?? '');
const isSort = (value: string | null): value is BusinessListSort =>
  (BUSINESS_LIST_SORTS as readonly string[]).includes(value ?? '');

/**
 * The list's state from the address (decision 0502): a link, a reload or the back button shows
 * the same page of the same filtered list. Unknown values fall back to the defaults instead of
 * an error, since the address may have been typed or shortened by hand.
 */
export function readListQuery(params: URLSearchParams): BusinessListQuery {
  const page = Number(params.get('seite'));
  const status = params.get('status');
  const sort = params.get('sortierung');
  return {
    search: params.get('suche') ?? '',
    status: isStatus(status) ? status : 'all',
    sort: isSort(sort) ? sort : 'name',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a list state; defaults are left out, so the plain list is /admin/businesses. */
export function listQueryHref(query: BusinessListQuery): string {
  const params = new URLSearchParams();
  if (query.search !== DEFAULT_QUERY.search) params.set('suche', query.search);
  if (query.status !== DEFAULT_QUERY.status) params.set('status', query.status);
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sortierung', query.sort);
  if (query.page !== DEFAULT_QUERY.page) params.set('seite', String(query.page));
  const search = params.toString();
  return search ? `${BUSINESS_LIST_PATH}?${search}` : BUSINESS_LIST_PATH;
}
