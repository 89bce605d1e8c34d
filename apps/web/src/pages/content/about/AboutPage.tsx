import type { TModuleSummary, TTileKey } from '@portal/shared/schemas/content';
import { useTranslation } from 'react-i18next';
import { isNotFound, useBilingual, useModule, useModules } from '../../../features/content/content-api.ts';
import { LeaveMessagePanel } from '../../../features/content/leave-message/LeaveMessagePanel.tsx';
import { RichText } from '../../../features/content/rich-text/RichText.tsx';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { LinkCard } from '../../../features/content/ui/LinkCard.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/content/ui/states.tsx';

/** The entries that make up the bank's profile, in page order. */
const ABOUT_KEYS: readonly TTileKey[] = ['introduction', 'profile', 'keyFinancialData'];

function AboutSection({ entry }: { entry: TModuleSummary }) {
  const text = useBilingual();
  const query = useModule(entry.lgcSn);
  const anchor = `about-${entry.key ?? entry.lgcSn}`;
  return (
    <section className="content-section" aria-labelledby={anchor}>
      <h2 id={anchor} className="content-section__title">
        {text(entry.title)}
      </h2>
      {query.isPending ? <LoadingBlock lines={5} /> : null}
      {query.isError && !isNotFound(query.error) ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          {query.data.image ? (
            <img className="content-article__cover" src={query.data.image.url} alt="" width={1280} height={720} />
          ) : null}
          <RichText html={text(query.data.body)} />
        </>
      ) : null}
    </section>
  );
}

/**
 * /about: the bank's introduction, profile and key financial data (the matching "understand the
 * bank" entries), and the leave-message panel for signed-in users (SPEC §7 cooperLevgMg).
 */
export function AboutPage() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const query = useModules('0');
  const entries = ABOUT_KEYS.flatMap((key) => query.data?.list.filter((entry) => entry.key === key) ?? []);

  return (
    <ContentFrame crumbs={[{ label: t('routes.about') }]} title={t('about.title')} intro={t('about.intro')}>
      <div className="content-layout">
        <div className="content-article">
          {query.isPending ? <LoadingBlock lines={8} /> : null}
          {query.isError ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
          {query.isSuccess && entries.length === 0 ? <EmptyBlock text={t('about.empty')} /> : null}
          {entries.map((entry) => (
            <AboutSection key={entry.lgcSn} entry={entry} />
          ))}
        </div>
        {entries.length ? (
          <aside className="content-aside">
            <LinkCard id="about-toc" title={t('about.onThisPage')}>
              {entries.map((entry) => (
                <li key={entry.lgcSn}>
                  <a href={`#about-${entry.key ?? entry.lgcSn}`}>{text(entry.title)}</a>
                </li>
              ))}
              <li>
                <a href="#leave-message-title">{t('leaveMessage.title')}</a>
              </li>
            </LinkCard>
          </aside>
        ) : null}
      </div>
      <div className="content-block content-block--spaced">
        <LeaveMessagePanel />
      </div>
    </ContentFrame>
  );
}
