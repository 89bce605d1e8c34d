import './paged-list.css';
import { Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';
import { type EmptyTexts, emptyText, type PagedQuery } from './PagedTable.tsx';

/**
 * A page of a list query shown by `children` (cards on a phone, where a table does not fit), with
 * PagedTable's empty states and a compact pager (previous, "page / pages" to type a page into,
 * next, and the total) driven by the page in the address.
 */
export function PagedList<T>({
  query,
  page,
  onPage,
  totalText,
  emptyTexts,
  children,
}: {
  query: PagedQuery<T>;
  page: { pageNo: number; pageSize: number };
  onPage: (pageNo: number, pageSize: number) => void;
  totalText: (total: number) => string;
  emptyTexts: EmptyTexts;
  children: (items: readonly T[]) => ReactNode;
}) {
  const items = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Spin spinning={query.isFetching}>
      <div className="paged-list">
        {items.length ? (
          children(items)
        ) : (
          <div className="paged-list__empty">{query.isFetching ? null : emptyText(emptyTexts, query.isError)}</div>
        )}
        {total > 0 ? (
          <div className="paged-list__pager">
            <span className="paged-list__total">{totalText(total)}</span>
            <Pagination
              simple
              current={page.pageNo}
              pageSize={page.pageSize}
              total={total}
              showSizeChanger={false}
              onChange={onPage}
            />
          </div>
        ) : null}
      </div>
    </Spin>
  );
}
