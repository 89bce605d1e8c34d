/**
 * The list pages keep their filters and page in the address (`?q=&status=&page=&size=`), so Back,
 * reloads and shared links show the same view. A list describes its filters once:
 *
 *   const accountList = listView({ params: { q: textParam(), status: choiceParam(STATUSES, 'all') } });
 *   const { view, update, setPage } = useListView(accountList);
 *   // view: { q: string; status: 'all' | …; pageNo: number; pageSize: number }
 *
 * Reading never fails: anything missing, unknown or malformed falls back to the default. Writing
 * leaves the defaults out (a filter at its fallback, page 1, the default page size), so the
 * address of the plain list stays bare.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/shared';
import { useSearchParams } from 'react-router';

/** One filter in the address, under its key in `params`. */
export type ListParam<T extends string | null> = {
  /** The value an address holds (`raw` is null when the key is absent). */
  read: (raw: string | null) => T;
  /** The value of an address without the key; writing it removes the key. */
  fallback: T;
};

/** Free text, trimmed (and cut to `max` characters); '' unless `accept` takes it. */
export function textParam(options: { max?: number; accept?: (value: string) => boolean } = {}): ListParam<string> {
  return {
    fallback: '',
    read: (raw) => {
      const value = raw?.trim().slice(0, options.max) ?? '';
      return value && options.accept && !options.accept(value) ? '' : value;
    },
  };
}

/** One of `choices`, else the fallback (a choice, or null for "none chosen"). */
export function choiceParam<T extends string, F extends T | null>(
  choices: readonly T[],
  fallback: F,
): ListParam<T | F> {
  return {
    fallback,
    read: (raw) => ((choices as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: a param of any value type
type AnyParams = Record<string, ListParam<any>>;

export type ListSpec<P extends AnyParams> = {
  params: P;
  /** The page size without `size` in the address (default 10, as the server's). */
  pageSize?: number;
  /** Whether a new page size starts again from page 1 (else the table's page is kept). */
  firstPageOnNewSize?: boolean;
};

export type ListView<P extends AnyParams> = { [K in keyof P]: ReturnType<P[K]['read']> } & {
  pageNo: number;
  pageSize: number;
};

/** Changes of the address by key (the params', `page` and `size`); null or '' removes a key. */
export type ListChanges<P extends AnyParams> = Partial<
  Record<Extract<keyof P, string> | 'page' | 'size', string | null>
>;

export type ListDefinition<P extends AnyParams> = {
  /** The view an address asks for. */
  read: (params: URLSearchParams) => ListView<P>;
  /** The address after `changes`; other keys are kept, the defaults are left out. */
  withChanges: (current: URLSearchParams, changes: ListChanges<P>) => URLSearchParams;
  /** The address after the table moved to another page or page size. */
  withPage: (current: URLSearchParams, pageNo: number, pageSize: number) => URLSearchParams;
};

function toPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** A list's address: its filters (`params`), `page` and `size`. */
export function listView<P extends AnyParams>(spec: ListSpec<P>): ListDefinition<P> {
  const defaultSize = spec.pageSize ?? DEFAULT_PAGE_SIZE;
  const readSize = (params: URLSearchParams) => Math.min(MAX_PAGE_SIZE, toPositive(params.get('size'), defaultSize));
  const fallbackOf = (key: string): string | null => {
    if (key === 'page') return '1';
    if (key === 'size') return String(defaultSize);
    const param = spec.params[key];
    return param ? param.fallback : null;
  };

  const read = (params: URLSearchParams) => {
    const view: Record<string, unknown> = {};
    for (const [key, param] of Object.entries(spec.params)) view[key] = param.read(params.get(key));
    view.pageNo = toPositive(params.get('page'), 1);
    view.pageSize = readSize(params);
    return view as ListView<P>;
  };

  const withChanges = (current: URLSearchParams, changes: ListChanges<P>) => {
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    for (const key of [...Object.keys(spec.params), 'page', 'size']) {
      if (next.get(key) === fallbackOf(key)) next.delete(key);
    }
    return next;
  };

  const withPage = (current: URLSearchParams, pageNo: number, pageSize: number) => {
    const newSize = pageSize !== readSize(current);
    const page = spec.firstPageOnNewSize && newSize ? 1 : pageNo;
    return withChanges(current, { page: String(page), size: String(pageSize) } as ListChanges<P>);
  };

  return { read, withChanges, withPage };
}

/**
 * The current address's view of a list; `update` changes filters (pass `page: null` to start
 * again from page 1), `setPage` follows the table's pagination. Each change is a history entry.
 */
export function useListView<P extends AnyParams>(list: ListDefinition<P>) {
  const [params, setParams] = useSearchParams();
  return {
    params,
    view: list.read(params),
    update: (changes: ListChanges<P>) => setParams((current) => list.withChanges(current, changes)),
    setPage: (pageNo: number, pageSize: number) => setParams((current) => list.withPage(current, pageNo, pageSize)),
    setParams,
  };
}
