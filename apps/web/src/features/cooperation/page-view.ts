/**
 * The user-centre lists keep their tab, status filter and page in the address
 * (`?tab=&status=&page=&size=`), so Back and reloads show the same view.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/shared';
import { useSearchParams } from 'react-router';

function toPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

export type PagedView<S extends string, T extends string> = {
  tab: T;
  status: S;
  pageNo: number;
  pageSize: number;
};

/** Reads the view of the address; `update` changes it (a new filter or tab starts on page 1). */
export function usePagedView<S extends string, T extends string = never>(options: {
  statuses: readonly S[];
  defaultStatus: S;
  tabs?: readonly T[];
  defaultTab?: T;
}) {
  const [params, setParams] = useSearchParams();
  const view: PagedView<S, T> = {
    tab: oneOf(params.get('tab'), options.tabs ?? [], options.defaultTab as T),
    status: oneOf(params.get('status'), options.statuses, options.defaultStatus),
    pageNo: toPositive(params.get('page'), 1),
    pageSize: Math.min(MAX_PAGE_SIZE, toPositive(params.get('size'), DEFAULT_PAGE_SIZE)),
  };
  const update = (changes: { tab?: T; status?: S; pageNo?: number; pageSize?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      const set = (key: string, value: string | undefined, fallback: string) => {
        if (value === undefined) return;
        if (value === fallback) next.delete(key);
        else next.set(key, value);
      };
      if (changes.tab !== undefined) {
        // Each tab has its own filters.
        next.delete('status');
        next.delete('page');
      }
      if (changes.status !== undefined) next.delete('page');
      set('tab', changes.tab, String(options.defaultTab ?? ''));
      set('status', changes.status, options.defaultStatus);
      set('page', changes.pageNo === undefined ? undefined : String(changes.pageNo), '1');
      set('size', changes.pageSize === undefined ? undefined : String(changes.pageSize), String(DEFAULT_PAGE_SIZE));
      return next;
    });
  return { view, update };
}
