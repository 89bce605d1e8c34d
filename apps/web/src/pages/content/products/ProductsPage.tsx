import '../../../features/content/sections/sections.css';
import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBilingual, useModules } from '../../../features/content/content-api.ts';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { ContentLink } from '../../../features/content/ui/ContentLink.tsx';
import { CONTENT_PATHS, contentTarget } from '../../../features/content/ui/content-links.ts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/content/ui/states.tsx';
import { pageFromParams } from '../paging.ts';

export const PRODUCTS_PAGE_SIZE = 12;

/** /productsAndServices: every product and service (module type '1'), twelve to a page. */
export function ProductsPage() {
  const { t } = useTranslation('content');
  const text = useBilingual();
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
            <li key={product.lgcSn} className="product-card">
              <ContentLink
                target={contentTarget(product.linkUrl, CONTENT_PATHS.product(product.lgcSn))}
                className="product-card__link"
                track={`product:${product.lgcSn}`}
              >
                {product.image ? (
                  <img
                    className="product-card__image"
                    src={product.image.url}
                    alt=""
                    loading="lazy"
                    width={400}
                    height={200}
                  />
                ) : (
                  <span className="product-card__image product-card__image--blank" aria-hidden="true" />
                )}
                <span className="product-card__body">
                  <span className="product-card__title">{text(product.title)}</span>
                  <span className="product-card__text">{text(product.summary)}</span>
                </span>
              </ContentLink>
            </li>
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
            showTotal={(total) => t('common.total', { total })}
            onChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
          />
        </nav>
      ) : null}
    </ContentFrame>
  );
}
