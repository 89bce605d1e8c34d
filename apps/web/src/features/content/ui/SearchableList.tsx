import type { UseQueryResult } from '@tanstack/react-query';
import { Input, Pagination } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './states.tsx';

/** Changes to the list's address: `keyword`, `page` and whatever the page's own filters use. */
export type ListAddressChanges = Record<string, string | number | null>;

type SearchableListProps<T extends { lgcSn: string }> = {
  query: UseQueryResult<{ list: T[]; total: number }>;
  keyword: string;
  pageNo: number;
  pageSize: number;
  /** Shown when nothing is published; a search that finds nothing says so with its keyword. */
  emptyText: string;
  /** Left of the search box (the category tabs); an empty cell keeps the box on the right. */
  filters?: ReactNode;
  onChange: (changes: ListAddressChanges) => void;
  /** The content of one `content-list__item`. */
  renderItem: (item: T) => ReactNode;
};

/**
 * A public content list with a search box and pages (market trends, reports, compliance): the
 * toolbar, loading, error and empty states, the items and the pager. The page keeps the keyword
 * and page in the address and applies `onChange` to it (a new search goes back to page 1).
 */
export function SearchableList<T extends { lgcSn: string }>({
  query,
  keyword,
  pageNo,
  pageSize,
  emptyText,
  filters = <span />,
  onChange,
  renderItem,
}: SearchableListProps<T>) {
  const { t } = useTranslation('content');
  const data = query.data;
  return (
    <>
      <div className="content-toolbar">
        {filters}
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          placeholder={t('common.searchPlaceholder')}
          enterButton={t('common.search')}
          aria-label={t('common.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => onChange({ keyword: value.trim(), page: null })}
        />
      </div>
      {query.isPending ? <LoadingBlock lines={8} /> : null}
      {query.isError ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      {data && data.total === 0 ? <EmptyBlock text={keyword ? t('common.noResults', { keyword }) : emptyText} /> : null}
      {data?.list.length ? (
        <ul className="content-list" aria-busy={query.isFetching}>
          {data.list.map((item) => (
            <li key={item.lgcSn} className="content-list__item">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.total > pageSize ? (
        <nav className="content-pager" aria-label={t('common.pagination')}>
          <Pagination
            current={pageNo}
            pageSize={pageSize}
            total={data.total}
            showSizeChanger={false}
            showQuickJumper
            showTotal={(total) => t('common.total', { count: total })}
            onChange={(page) => onChange({ page })}
          />
        </nav>
      ) : null}
    </>
  );
}

/** The list item's thumbnail, when the item has a cover. */
export function ListThumb({ cover }: { cover: { url: string } | null | undefined }) {
  return cover ? (
    <img className="content-list__thumb" src={cover.url} alt="" loading="lazy" width={168} height={104} />
  ) : null;
}
