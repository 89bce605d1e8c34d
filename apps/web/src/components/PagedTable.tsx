import './list-page.css';
import { Empty, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

/** What a page query of a list gives (TanStack Query's `useQuery` result fits). */
export type PagedQuery<T> = {
  data?: { list: readonly T[]; total: number } | undefined;
  isFetching: boolean;
  isError: boolean;
};

/** The three states of an empty table: the list did not load, nothing matches the filters, nothing yet. */
export type EmptyTexts = {
  loadFailed: ReactNode;
  /** Shown instead of `empty` while `filtered`. */
  noMatch?: ReactNode;
  empty: ReactNode;
  /** Whether filters narrow the list (then an empty list is "no match"). */
  filtered?: boolean;
  /** Under the `empty` text (a link to create the first entry). */
  emptyAction?: ReactNode;
  /** antd's small picture instead of the default one. */
  simple?: boolean;
};

export type PagedTableProps<T> = Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'locale' | 'pagination' | 'rowKey' | 'columns'
> & {
  columns: NonNullable<TableProps<T>['columns']>;
  /** Default `lgcSn`, the portal's record id. */
  rowKey?: TableProps<T>['rowKey'];
  query: PagedQuery<T>;
  /** The page shown (from the address). */
  page: { pageNo: number; pageSize: number };
  onPage: (pageNo: number, pageSize: number) => void;
  /** "N items" beside the pager. */
  totalText: (total: number) => string;
  emptyTexts: EmptyTexts;
  /** Default true: the "go to page" box. */
  quickJumper?: boolean;
  pageSizeOptions?: number[];
};

const NO_ROWS: readonly never[] = [];

/** What an empty list shows, by `EmptyTexts` (the table's and PagedList's). */
export function emptyText({ loadFailed, noMatch, empty, filtered, emptyAction, simple }: EmptyTexts, failed: boolean) {
  const image = simple ? { image: Empty.PRESENTED_IMAGE_SIMPLE } : {};
  if (failed) return <Empty {...image} description={loadFailed} />;
  if (filtered && noMatch !== undefined) return <Empty {...image} description={noMatch} />;
  return (
    <Empty {...image} description={empty}>
      {emptyAction}
    </Empty>
  );
}

/**
 * The portal's paged list: an antd Table fed by one page of a list query, loading while it
 * fetches, the three empty states, and the pager (page size, jump to page, total) driven by the
 * page in the address.
 */
export function PagedTable<T extends object>({
  query,
  page,
  onPage,
  totalText,
  emptyTexts,
  quickJumper = true,
  pageSizeOptions,
  rowKey = 'lgcSn',
  ...table
}: PagedTableProps<T>) {
  return (
    <Table<T>
      {...table}
      rowKey={rowKey}
      dataSource={query.data?.list ?? NO_ROWS}
      loading={query.isFetching}
      locale={{ emptyText: emptyText(emptyTexts, query.isError) }}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: query.data?.total ?? 0,
        ...(pageSizeOptions ? { pageSizeOptions } : {}),
        showSizeChanger: true,
        ...(quickJumper ? { showQuickJumper: true } : {}),
        showTotal: (total) => totalText(total),
        onChange: onPage,
      }}
    />
  );
}
