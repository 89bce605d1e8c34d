import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shortFingerprint, trustAnchorQuery } from '../../lib/trust-anchor.ts';

/**
 * Inside the footer's link to /verify: the start of the SHA-256 fingerprint of the portal's
 * certificate authority, for a relying party to compare with the one its bank publishes; the
 * whole fingerprint in the tooltip and in the link's accessible name (read after the visible
 * text). Nothing while it loads or when it cannot be loaded. Loaded apart, once the page is idle.
 */
export function FooterFingerprint() {
  const { t } = useTranslation();
  const { data: anchor } = useQuery(trustAnchorQuery());
  if (!anchor) return null;
  const full = t('footer.fingerprintFull', { sha256: anchor.sha256 });
  return (
    <>
      {' '}
      <span className="portal-footer__fingerprint" title={full} data-testid="footer-fingerprint">
        {t('footer.fingerprint', { short: shortFingerprint(anchor.sha256) })}
      </span>{' '}
      <span className="visually-hidden">({full})</span>
    </>
  );
}
