import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ChunkLoadError } from '../../lib/lazy-page.ts';
import { HOME_PATH } from '../route-paths.ts';

/**
 * Shown when a page fails to render or its code fails to load. Inside the main layout the
 * header and footers stay; `standalone` is the last resort when the layout itself failed.
 */
export function RouteErrorView({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation(['common', 'errors']);
  const error = useRouteError();
  const isChunkError = error instanceof ChunkLoadError;
  if (!isChunkError && !isRouteErrorResponse(error)) console.error(error);
  const content = (
    <section className="status-page" aria-labelledby="route-error-heading">
      <h1 id="route-error-heading" className="status-page__heading">
        {isChunkError ? t('errorPages.routeError.chunkHeading') : t('errorPages.routeError.heading')}
      </h1>
      <p className="status-page__text">{isChunkError ? t('errors:chunkLoad') : t('errorPages.routeError.text')}</p>
      <div className="status-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </button>
        {standalone ? (
          <a className="button button--ghost" href={HOME_PATH}>
            {t('actions.backHome')}
          </a>
        ) : (
          <Link className="button button--ghost" to={HOME_PATH}>
            {t('actions.backHome')}
          </Link>
        )}
      </div>
    </section>
  );
  if (!standalone) return content;
  return (
    <main id="main-content" className="standalone-error">
      {content}
    </main>
  );
}
