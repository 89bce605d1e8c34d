import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/icons.tsx';

/** The cooperation footer: a slim band inviting institutions to publish and cooperate. */
export function CooperationBand() {
  const { t } = useTranslation();
  return (
    <section className="cooperation-band" aria-labelledby="cooperation-band-title">
      <div className="cooperation-band__inner container">
        <div className="cooperation-band__copy">
          <h2 id="cooperation-band-title" className="cooperation-band__title">
            {t('cooperationBand.title')}
          </h2>
          <p className="cooperation-band__text">{t('cooperationBand.text')}</p>
        </div>
        <div className="cooperation-band__actions">
          <Link to="/publishInfo" className="button button--accent">
            {t('cooperationBand.publish')}
            <ArrowRightIcon size={16} />
          </Link>
          <Link to="/release" className="button button--outline-light">
            {t('cooperationBand.browse')}
          </Link>
        </div>
      </div>
    </section>
  );
}
