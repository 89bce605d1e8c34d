import '../../../features/content/sections/sections.css';
import type { TTopicKey } from '@portal/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useModules } from '../../../features/content/content-api.ts';
import { ModuleTile } from '../../../features/content/sections/ModuleCards.tsx';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/content/ui/states.tsx';
import { TOPIC_PAGES } from '../topics/topic-pages.ts';

/** /understandCCB: international business — the bank's tiles, the topic pages and compliance materials. */
export function UnderstandPage() {
  const { t } = useTranslation('content');
  const query = useModules('0');
  const tiles = query.data?.list ?? [];

  return (
    <ContentFrame
      crumbs={[{ label: t('routes.understand') }]}
      title={t('understand.title')}
      intro={t('understand.intro')}
      aside={
        <Link to={CONTENT_PATHS.about} className="button button--ghost">
          {t('understand.aboutLink')}
        </Link>
      }
    >
      <section className="content-block" aria-labelledby="understand-tiles">
        <h2 id="understand-tiles" className="content-block__title">
          {t('understand.tilesTitle')}
        </h2>
        {query.isPending ? <LoadingBlock /> : null}
        {query.isError ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
        {query.isSuccess && tiles.length === 0 ? <EmptyBlock /> : null}
        {tiles.length ? (
          <ul className="tile-grid">
            {tiles.map((tile) => (
              <ModuleTile key={tile.lgcSn} tile={tile} />
            ))}
          </ul>
        ) : null}
      </section>

      <section className="content-block" aria-labelledby="understand-topics">
        <h2 id="understand-topics" className="content-block__title">
          {t('understand.topicsTitle')}
        </h2>
        <ul className="topic-links">
          {(Object.keys(TOPIC_PAGES) as TTopicKey[]).map((key) => (
            <li key={key}>
              <Link to={TOPIC_PAGES[key].path} className="topic-link" data-track={`topic:${key}`}>
                <span className="topic-link__title">{t(TOPIC_PAGES[key].title)}</span>
                <span className="topic-link__text">{t(TOPIC_PAGES[key].blurb)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="content-block content-card" aria-labelledby="understand-compliance">
        <h2 id="understand-compliance" className="content-card__title">
          {t('understand.complianceTitle')}
        </h2>
        <p className="content-card__text">{t('understand.complianceText')}</p>
        <Link to={CONTENT_PATHS.compliance} className="button button--primary">
          {t('understand.complianceLink')}
        </Link>
      </section>
    </ContentFrame>
  );
}
