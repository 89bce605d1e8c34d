import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';
import { formatFileSize } from '../../../features/files/files-api.ts';
import { TopicView } from './TopicView.tsx';

/** /crossBorderRmb: the topic and its service guide (read at /crossBorderRmb/preview). */
export function CrossBorderRmbPage() {
  const { t } = useTranslation('content');
  return (
    <TopicView
      topicKey="crossBorderRmb"
      aside={(topic) => (
        <section className="content-card" aria-labelledby="rmb-guide">
          <h2 id="rmb-guide" className="content-card__title">
            {t('topics.guideTitle')}
          </h2>
          {topic.document ? (
            <>
              <p className="content-card__text">{t('topics.guideText')}</p>
              <p className="content-card__text">{`PDF · ${formatFileSize(topic.document.size)}`}</p>
              <Link to={CONTENT_PATHS.crossBorderRmbPreview} className="button button--primary" data-track="rmb:guide">
                {t('topics.guidePreview')}
              </Link>{' '}
              <a className="button button--ghost" href={topic.document.url} download>
                {t('topics.guideDownload')}
              </a>
            </>
          ) : (
            <p className="content-card__text">{t('topics.guideMissing')}</p>
          )}
        </section>
      )}
    />
  );
}

/** /beltAndRoadInitiative */
export function BeltAndRoadPage() {
  return <TopicView topicKey="beltAndRoadInitiative" />;
}

/** /greenFinance */
export function GreenFinancePage() {
  return <TopicView topicKey="greenFinance" />;
}
