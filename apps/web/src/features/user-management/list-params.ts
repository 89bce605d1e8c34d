/**
 * The list pages keep their filters and page in the address (`?q=&status=&page=&size=`), so Back,
 * reloads and shared links show the same view. These read and write them.
 */
import { useSearchParams } from 'react-router';
import type { StatusFilter } from './user-management-api.ts';

export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'active', 'stopped'];
export const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

export type ListView = { q: string; status: StatusFilter; pageNo: number; pageSize: number };

function toPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** The list view an address asks for; anything unknown or malformed falls back to the default. */
export function readListView(params: URLSearchParams): ListView {
  const status = params.get('status');
  return {
    q: params.get('q')?.trim() ?? '',
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? '') ? (status as StatusFilter) : 'all',
    pageNo: toPositive(params.get('page'), 1),
    pageSize: Math.min(MAX_PAGE_SIZE, toPositive(params.get('size'), DEFAULT_PAGE_SIZE)),
  };
}

/** The address after `changes` (null or '' removes a key); the defaults are left out. */
export function withChanges(current: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (next.get('status') === 'all') next.delete('status');
  if (next.get('page') === '1') next.delete('page');
  if (next.get('size') === String(DEFAULT_PAGE_SIZE)) next.delete('size');
  return next;
}

/** The list view of the current address, and `update` to change it (a new history entry). */
export function useListView() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => setParams((current) => withChanges(current, changes));
  return { params, view: readListView(params), update };
}
