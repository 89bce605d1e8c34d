import '../../../features/content/sections/sections.css';
import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useModules } from '../../../features/content/content-api.ts';
import { ProductCard } from '../../../features/content/sections/ModuleCards.tsx';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/content/ui/states.tsx';
import { pageFromParams } from '../paging.ts';

export const PRODUCTS_PAGE_SIZE = 12;

/** /productsAndServices: every product and service (module type '1'), twelve to a page. */
export function ProductsPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const query = useModules('1');
  const all = query.data?.list ?? [];
  const pageNo = pageFromParams(params, Math.max(1, Math.ceil(all.length / PRODUCTS_PAGE_SIZE)));
  const products = all.slice((pageNo - 1) * PRODUCTS_PAGE_SIZE, pageNo * PRODUCTS_PAGE_SIZE);

  return (
    <ContentFrame crumbs={[{ label: t('routes.products') }]} title={t('products.title')} intro={t('products.intro')}>
      {query.isPending ? <LoadingBlock lines={6} /> : null}
      {query.isError ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && all.length === 0 ? <EmptyBlock text={t('products.empty')} /> : null}
      {products.length ? (
        <ul className="product-grid">
          {products.map((product) => (
            <ProductCard key={product.lgcSn} product={product} />
          ))}
        </ul>
      ) : null}
      {all.length > PRODUCTS_PAGE_SIZE ? (
        <nav className="content-pager" aria-label={t('common.pagination')}>
          <Pagination
            current={pageNo}
            pageSize={PRODUCTS_PAGE_SIZE}
            total={all.length}
            showSizeChanger={false}
            showTotal={(total) => t('common.total', { count: total })}
            onChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
          />
        </nav>
      ) : null}
    </ContentFrame>
  );
}
