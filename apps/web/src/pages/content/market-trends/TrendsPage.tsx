import { CONSULT_CATEGORIES, type TConsultCategory } from '@portal/shared/schemas/content';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useArticles, useBilingual } from '../../../features/content/content-api.ts';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { articlePath, CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';
import { formatContentDate } from '../../../features/content/ui/format.ts';
import { ListThumb, SearchableList } from '../../../features/content/ui/SearchableList.tsx';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { pageFromParams, withParams } from '../paging.ts';

export const ARTICLES_PAGE_SIZE = 10;

function toCategory(value: string | null): TConsultCategory | undefined {
  return (CONSULT_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as TConsultCategory) : undefined;
}

/**
 * /policyInformation: market trends — the monthly series, policy interpretation and information,
 * by category (tabs), searchable, ten to a page. Category, search and page live in the address.
 */
export function TrendsPage() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const category = toCategory(params.get('category'));
  const keyword = params.get('keyword')?.trim() ?? '';
  const pageNo = pageFromParams(params);
  const query = useArticles({ category, keyword, pageNo, pageSize: ARTICLES_PAGE_SIZE });

  return (
    <ContentFrame
      crumbs={[{ label: t('routes.trends') }]}
      title={t('trends.title')}
      intro={t('trends.intro')}
      aside={
        <Link to={CONTENT_PATHS.reports} className="button button--primary" data-track="trends:reports">
          {t('trends.reportsLink')}
        </Link>
      }
    >
      <SearchableList
        query={query}
        keyword={keyword}
        pageNo={pageNo}
        pageSize={ARTICLES_PAGE_SIZE}
        emptyText={t('trends.empty')}
        onChange={(changes) => setParams(withParams(params, changes))}
        filters={
          <Tabs
            activeKey={category ?? 'all'}
            onChange={(key) => setParams(withParams(params, { category: key === 'all' ? null : key, page: null }))}
            items={['all', ...CONSULT_CATEGORIES].map((key) => ({
              key,
              label: t(`categories.${key as TConsultCategory | 'all'}`),
            }))}
            aria-label={t('trends.categoryLabel')}
          />
        }
        renderItem={(article) => (
          <>
            <ListThumb cover={article.cover} />
            <div className="content-list__body">
              <h2 className="content-list__title">
                <Link to={articlePath(article)} data-track={`article:${article.lgcSn}`}>
                  {text(article.title)}
                </Link>
              </h2>
              <p className="content-list__text">{text(article.summary)}</p>
              <p className="content-list__meta">
                <span className="content-tag">{t(`categories.${article.category}`)}</span>
                <time dateTime={article.publishDate}>{formatContentDate(article.publishDate, locale)}</time>
              </p>
            </div>
          </>
        )}
      />
    </ContentFrame>
  );
}
