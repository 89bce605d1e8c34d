import '../../../features/content/sections/sections.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useBilingual, useModules } from '../../../features/content/content-api.ts';
import { CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';
import { LinkCard } from '../../../features/content/ui/LinkCard.tsx';
import { ModuleDetailView } from '../../../features/content/ui/ModuleDetailView.tsx';

function OtherProducts() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const id = useParams().id;
  const others = (useModules('1').data?.list ?? []).filter((product) => product.lgcSn !== id).slice(0, 5);
  if (!others.length) return null;
  return (
    <LinkCard id="other-products" title={t('products.others')}>
      {others.map((product) => (
        <li key={product.lgcSn}>
          <Link to={CONTENT_PATHS.product(product.lgcSn)}>{text(product.title)}</Link>
        </li>
      ))}
    </LinkCard>
  );
}

/** /productsAndServices/detail/:id: one product or service, with the way to ask for it. */
export function ProductDetailPage() {
  const { t } = useTranslation('content');
  return (
    <ModuleDetailView
      parentCrumb={{ label: t('routes.products'), to: CONTENT_PATHS.products }}
      backTo={CONTENT_PATHS.products}
      aside={() => (
        <>
          <section className="content-card" aria-labelledby="product-contact">
            <h2 id="product-contact" className="content-card__title">
              {t('products.contact')}
            </h2>
            <p className="content-card__text">{t('products.contactText')}</p>
            <Link to="/release" className="button button--primary" data-track="product:publish">
              {t('products.publish')}
            </Link>
          </section>
          <OtherProducts />
        </>
      )}
    />
  );
}
