import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentTarget } from './content-links.ts';

/** A router link, or a link to another site that opens in a new window and says so. */
export function ContentLink({
  target,
  className,
  children,
  track,
}: {
  target: ContentTarget;
  className?: string;
  children: ReactNode;
  track?: string;
}) {
  const { t } = useTranslation('content');
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={className} data-track={track}>
        {children}
        <span className="visually-hidden"> {t('common.opensInNewWindow')}</span>
      </a>
    );
  }
  return (
    <Link to={target.to} className={className} data-track={track}>
      {children}
    </Link>
  );
}
