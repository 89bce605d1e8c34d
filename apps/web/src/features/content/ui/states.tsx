import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Grey placeholder lines while content loads (announced once to screen readers). */
export function LoadingBlock({ lines = 4, label }: { lines?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('a11y.loading')}</span>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <span key={index} className="content-loading__line" aria-hidden="true" />
      ))}
    </div>
  );
}

export function ErrorBlock({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('content');
  return (
    <div className="content-state content-state--error" role="alert">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function EmptyBlock({ text }: { text?: string }) {
  const { t } = useTranslation('content');
  return (
    <div className="content-state">
      <svg
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        focusable="false"
        className="content-state__icon"
      >
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          d="M8 14h32v24a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V14Zm0 0 5-6h22l5 6M18 24h12"
        />
      </svg>
      <p>{text ?? t('common.empty')}</p>
    </div>
  );
}

export function NotFoundBlock({ backTo, backLabel }: { backTo: string; backLabel?: string }) {
  const { t } = useTranslation('content');
  return (
    <div className="content-state content-state--not-found">
      <h2 className="content-state__title">{t('common.notFoundTitle')}</h2>
      <p>{t('common.notFoundText')}</p>
      <Link to={backTo} className="button button--primary">
        {backLabel ?? t('common.backToList')}
      </Link>
    </div>
  );
}
