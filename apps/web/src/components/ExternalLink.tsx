import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from './icons.tsx';

/** A link that opens another site in a new window, and says so to screen-reader users. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalIcon size={13} className="external-link__icon" />
      <span className="visually-hidden"> {t('a11y.opensInNewWindow')}</span>
    </a>
  );
}
