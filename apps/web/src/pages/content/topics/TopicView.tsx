import type { TTopic, TTopicKey } from '@portal/shared/schemas/content';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNotFound, useBilingual, useTopic } from '../../../features/content/content-api.ts';
import { RichText } from '../../../features/content/rich-text/RichText.tsx';
import { ContentFrame, type Crumb } from '../../../features/content/ui/ContentFrame.tsx';
import { CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';
import { formatContentDate } from '../../../features/content/ui/format.ts';
import { LinkCard } from '../../../features/content/ui/LinkCard.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock, NotFoundBlock } from '../../../features/content/ui/states.tsx';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { TOPIC_PAGES } from './topic-pages.ts';

/**
 * A topic page (cross-border RMB, Belt and Road, green finance, Portuguese-speaking countries):
 * banner, summary, its sections with an "on this page" list, what the page adds (`children`,
 * `aside`), and links to the other topics.
 */
export function TopicView({
  topicKey,
  children,
  aside,
  extraToc = [],
}: {
  topicKey: TTopicKey;
  children?: (topic: TTopic) => ReactNode;
  aside?: (topic: TTopic) => ReactNode;
  extraToc?: readonly { id: string; label: string }[];
}) {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { locale } = useLocale();
  const query = useTopic(topicKey);
  const page = TOPIC_PAGES[topicKey];
  const crumbs: Crumb[] = [{ label: t('routes.understand'), to: CONTENT_PATHS.understand }, { label: t(page.title) }];

  if (query.isPending || query.isError) {
    return (
      <ContentFrame crumbs={crumbs} title={t(page.title)}>
        {query.isPending ? <LoadingBlock lines={10} /> : null}
        {query.isError && isNotFound(query.error) ? <NotFoundBlock backTo={CONTENT_PATHS.understand} /> : null}
        {query.isError && !isNotFound(query.error) ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      </ContentFrame>
    );
  }

  const topic = query.data;
  const sections = topic.sections.filter((section) => text(section.heading) || text(section.body));
  const toc = [
    ...sections.map((section, index) => ({ id: `topic-section-${index + 1}`, label: text(section.heading) })),
    ...extraToc,
  ].filter((entry) => entry.label);

  return (
    <ContentFrame
      crumbs={crumbs}
      title={text(topic.title) || t(page.title)}
      intro={text(topic.summary) || undefined}
      meta={<span>{t('topics.updated', { date: formatContentDate(topic.updatedAt, locale) })}</span>}
    >
      {topic.banner ? <img className="topic-banner" src={topic.banner.url} alt="" /> : null}
      <div className="content-layout">
        <TopicSections sections={sections} />
        <TopicAside topicKey={topicKey} toc={toc}>
          {aside?.(topic)}
        </TopicAside>
      </div>
      {children ? <div className="content-block--spaced">{children(topic)}</div> : null}
    </ContentFrame>
  );
}

type TopicAsideProps = {
  topicKey: TTopicKey;
  toc: readonly { id: string; label: string }[];
  /** What the page adds above the table of contents. */
  children: ReactNode;
};

/** Beside the topic: what the page adds, "on this page" (when there is more than one entry), the other topics. */
function TopicAside({ topicKey, toc, children }: TopicAsideProps) {
  const { t } = useTranslation('content');
  const others = (Object.keys(TOPIC_PAGES) as TTopicKey[]).filter((key) => key !== topicKey);
  return (
    <aside className="content-aside">
      {children}
      {toc.length > 1 ? (
        <LinkCard id="topic-toc" title={t('topics.onThisPage')}>
          {toc.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.label}</a>
            </li>
          ))}
        </LinkCard>
      ) : null}
      <LinkCard id="topic-related" title={t('topics.related')}>
        {others.map((key) => (
          <li key={key}>
            <Link to={TOPIC_PAGES[key].path} data-track={`topic:${key}`}>
              {t(TOPIC_PAGES[key].title)}
            </Link>
          </li>
        ))}
      </LinkCard>
    </aside>
  );
}

/** The topic's sections, each headed (the headings are the "on this page" targets). */
function TopicSections({ sections }: { sections: TTopic['sections'] }) {
  const text = useBilingual();
  return (
    <article className="content-article">
      {sections.length === 0 ? <EmptyBlock /> : null}
      {sections.map((section, index) => (
        <section
          // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is their identity
          key={index}
          className="content-section"
          aria-labelledby={`topic-section-${index + 1}`}
        >
          <h2 id={`topic-section-${index + 1}`} className="content-section__title">
            {text(section.heading)}
          </h2>
          <RichText html={text(section.body)} />
        </section>
      ))}
    </article>
  );
}
