import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/route-paths.ts';

/** The common frame of the 403 and 404 pages. */
export function StatusPage({ code, heading, text }: { code: string; heading: ReactNode; text: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router numbers its history entries; on the first one there is nowhere to go back to.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <section className="status-page" aria-labelledby="status-page-heading">
      <p className="status-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id="status-page-heading" className="status-page__heading">
        {heading}
      </h1>
      <p className="status-page__text">{text}</p>
      <div className="status-page__actions">
        <Link to={HOME_PATH} className="button button--primary">
          {t('actions.backHome')}
        </Link>
        {canGoBack ? (
          <button type="button" className="button button--ghost" onClick={() => navigate(-1)}>
            {t('actions.goBack')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
