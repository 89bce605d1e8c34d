import './sections.css';
import type { TConsultSummary, TModuleSummary } from '@portal/shared/schemas/content';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/icons.tsx';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { useArticles, useBilingual, useModules } from '../content-api.ts';
import { ContentLink } from '../ui/ContentLink.tsx';
import { articlePath, CONTENT_PATHS, contentTarget, seriesPath } from '../ui/content-links.ts';
import { formatContentDate } from '../ui/format.ts';
import { ModuleTile, ProductCard } from './ModuleCards.tsx';

function SectionHeading({ id, title, intro, more }: { id: string; title: string; intro: string; more?: ReactNode }) {
  return (
    <header className="home-content-heading">
      <div>
        <h2 id={id} className="section-heading__title">
          {title}
        </h2>
        <p className="section-heading__intro">{intro}</p>
      </div>
      {more}
    </header>
  );
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="home-content-more">
      {children}
      <ArrowRightIcon size={16} />
    </Link>
  );
}

/** Placeholder cards while a section loads, with the section's final shape (no layout jump). */
function CardPlaceholders({ count, className }: { count: number; className: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <li key={index} className={`${className} is-placeholder`} aria-hidden="true" />
      ))}
    </>
  );
}

/** Understand the bank: the 8 tiles (module type '0', SPEC §2). */
export function UnderstandSection() {
  const { t } = useTranslation('content');
  const { data, isPending, isError } = useModules('0');
  const tiles: TModuleSummary[] = data?.list ?? [];
  if (isError || (!isPending && tiles.length === 0)) return null;
  return (
    <section className="home-section home-content" aria-labelledby="home-understand-title">
      <div className="container">
        <SectionHeading
          id="home-understand-title"
          title={t('home.understand.title')}
          intro={t('home.understand.intro')}
          more={<MoreLink to={CONTENT_PATHS.understand}>{t('home.understand.more')}</MoreLink>}
        />
        <ul className="tile-grid" aria-busy={isPending}>
          {isPending ? <CardPlaceholders count={8} className="tile" /> : null}
          {tiles.map((tile) => (
            <ModuleTile key={tile.lgcSn} tile={tile} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Products and services (module type '1'): the first six, and the way to all of them. */
export function ProductsSection() {
  const { t } = useTranslation('content');
  const { data, isPending, isError } = useModules('1');
  const products = (data?.list ?? []).slice(0, 6);
  if (isError || (!isPending && products.length === 0)) return null;
  return (
    <section className="home-section home-section--tinted home-content" aria-labelledby="home-products-title">
      <div className="container">
        <SectionHeading
          id="home-products-title"
          title={t('home.products.title')}
          intro={t('home.products.intro')}
          more={<MoreLink to={CONTENT_PATHS.products}>{t('home.products.more')}</MoreLink>}
        />
        <ul className="product-grid" aria-busy={isPending}>
          {isPending ? <CardPlaceholders count={6} className="product-card" /> : null}
          {products.map((product) => (
            <ProductCard key={product.lgcSn} product={product} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function LatestArticles() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { locale } = useLocale();
  const { data } = useArticles({ pageNo: 1, pageSize: 5, silent: true });
  const articles: TConsultSummary[] = data?.list ?? [];
  if (!articles.length) return null;
  return (
    <div className="trend-latest">
      <h3 className="trend-latest__title">{t('home.trends.latest')}</h3>
      <ul className="trend-latest__list">
        {articles.map((article) => (
          <li key={article.lgcSn} className="trend-latest__item">
            <Link to={articlePath(article)} className="trend-latest__link" data-track={`article:${article.lgcSn}`}>
              <span className="trend-latest__category">{t(`categories.${article.category}`)}</span>
              <span className="trend-latest__name">{text(article.title)}</span>
            </Link>
            <time dateTime={article.publishDate} className="trend-latest__date">
              {formatContentDate(article.publishDate, locale)}
            </time>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Market trends (module type '2'): the monthly series (financial markets, bonds, RMB
 * internationalisation, panda bonds) and the research series "FITs Your Wit", with the latest
 * articles beside them.
 */
export function TrendsSection() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { data, isPending, isError } = useModules('2');
  const series = data?.list ?? [];
  if (isError || (!isPending && series.length === 0)) return null;
  return (
    <section className="home-section home-content" aria-labelledby="home-trends-title">
      <div className="container">
        <SectionHeading
          id="home-trends-title"
          title={t('home.trends.title')}
          intro={t('home.trends.intro')}
          more={<MoreLink to={CONTENT_PATHS.trends}>{t('home.trends.more')}</MoreLink>}
        />
        <div className="trend-layout">
          <ul className="series-grid" aria-busy={isPending}>
            {isPending ? <CardPlaceholders count={5} className="series-card" /> : null}
            {series.map((entry) => (
              <li
                key={entry.lgcSn}
                className={`series-card${entry.key === 'fcReport' ? ' series-card--research' : ''}`}
              >
                <ContentLink
                  target={contentTarget(entry.linkUrl, seriesPath(entry.key))}
                  className="series-card__link"
                  track={`series:${entry.key ?? entry.lgcSn}`}
                >
                  {entry.image ? (
                    <img
                      className="series-card__image"
                      src={entry.image.url}
                      alt=""
                      loading="lazy"
                      width={320}
                      height={180}
                    />
                  ) : null}
                  <span className="series-card__body">
                    <span className="series-card__title">{text(entry.title)}</span>
                    <span className="series-card__text">{text(entry.summary)}</span>
                  </span>
                </ContentLink>
              </li>
            ))}
          </ul>
          <LatestArticles />
        </div>
      </div>
    </section>
  );
}
