import type { TConsultDetail } from '@portal/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isNotFound, useArticle, useBilingual } from '../../../features/content/content-api.ts';
import { RichText } from '../../../features/content/rich-text/RichText.tsx';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { articlePath, CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';
import { formatContentDate } from '../../../features/content/ui/format.ts';
import { ErrorBlock, LoadingBlock, NotFoundBlock } from '../../../features/content/ui/states.tsx';
import { useLocale } from '../../../lib/i18n/useLocale.ts';

/**
 * /policyInformation/interpretation/:id and /policyInformation/informationDetail/:id: one market
 * trend or policy article, with the previous and next article of its category.
 */
export function ArticlePage() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { locale } = useLocale();
  const id = useParams().id ?? '';
  const query = useArticle(id);
  const parent = { label: t('routes.trends'), to: CONTENT_PATHS.trends };

  if (query.isPending) {
    return (
      <ContentFrame crumbs={[parent]} title={t('routes.trends')}>
        <LoadingBlock lines={10} />
      </ContentFrame>
    );
  }
  if (query.isError) {
    return (
      <ContentFrame crumbs={[parent, { label: t('common.notFoundTitle') }]} title={t('routes.trends')}>
        {isNotFound(query.error) ? (
          <NotFoundBlock backTo={CONTENT_PATHS.trends} />
        ) : (
          <ErrorBlock onRetry={() => void query.refetch()} />
        )}
      </ContentFrame>
    );
  }

  const article = query.data;
  const title = text(article.title);
  const source = text(article.source);
  const categoryPath = `${CONTENT_PATHS.trends}?category=${article.category}`;
  return (
    <ContentFrame
      crumbs={[parent, { label: t(`categories.${article.category}`), to: categoryPath }, { label: title }]}
      eyebrow={t(`categories.${article.category}`)}
      title={title}
      meta={
        <>
          <time dateTime={article.publishDate}>
            {t('common.publishedOn', { date: formatContentDate(article.publishDate, locale) })}
          </time>
          {source ? <span>{t('common.source', { source })}</span> : null}
        </>
      }
    >
      <article className="content-article">
        {article.cover ? (
          <img className="content-article__cover" src={article.cover.url} alt="" width={1280} height={720} />
        ) : null}
        {text(article.summary) ? <p className="content-article__summary">{text(article.summary)}</p> : null}
        <RichText html={text(article.body)} />
        {article.previous || article.next ? <ArticleNav article={article} /> : null}
      </article>
    </ContentFrame>
  );
}

/** The previous and the next article of the same category. */
function ArticleNav({ article }: { article: TConsultDetail }) {
  const { t } = useTranslation('content');
  const text = useBilingual();
  return (
    <nav className="content-article__nav" aria-label={t('trends.articleNav')}>
      <div>
        {article.previous ? (
          <Link to={articlePath({ lgcSn: article.previous.lgcSn, category: article.category })} rel="prev">
            <small>{t('common.previous')}</small>
            {text(article.previous.title)}
          </Link>
        ) : null}
      </div>
      <div className="content-article__nav-next">
        {article.next ? (
          <Link to={articlePath({ lgcSn: article.next.lgcSn, category: article.category })} rel="next">
            <small>{t('common.next')}</small>
            {text(article.next.title)}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
