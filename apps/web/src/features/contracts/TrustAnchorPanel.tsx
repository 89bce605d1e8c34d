import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../components/CopyableCode.tsx';
import { formatDate } from '../../components/time-cells.ts';
import { trustAnchorQuery } from '../../lib/trust-anchor.ts';

/**
 * /verify's published trust anchor: the portal's certificate authority, its SHA-256 fingerprint
 * and its certificate to download (PEM, DER), for whoever adds it to Acrobat's or NSS's trust
 * store (docs/operations.md).
 */
export function TrustAnchorPanel() {
  const { t } = useTranslation('contracts');
  const anchor = useQuery(trustAnchorQuery());
  return (
    <section className="verify-anchor" aria-label={t('verify.anchorTitle')}>
      <h2 className="verify-anchor__title">{t('verify.anchorTitle')}</h2>
      <p className="cell-stack__sub">{t('verify.anchorText')}</p>
      {anchor.isError ? <Alert type="warning" showIcon title={t('verify.anchorFailed')} /> : null}
      {anchor.data ? (
        <>
          <dl className="verify-report__facts">
            <dt>{t('verify.anchorSubject')}</dt>
            <dd>{anchor.data.subject}</dd>
            <dt>{t('verify.anchorFingerprint')}</dt>
            <dd>
              <CopyableCode text={anchor.data.sha256} copyLabel={t('hash.copy')} copiedLabel={t('hash.copied')}>
                <span className="verify-report__hash">{anchor.data.sha256}</span>
              </CopyableCode>
            </dd>
            <dt>{t('verify.anchorValid')}</dt>
            <dd>
              {t('verify.anchorValidRange', {
                from: formatDate(anchor.data.notBefore),
                to: formatDate(anchor.data.notAfter),
              })}
            </dd>
          </dl>
          <p className="verify-anchor__downloads">
            <a href={anchor.data.pemUrl} download>
              {t('verify.anchorPem')}
            </a>
            <a href={anchor.data.derUrl} download>
              {t('verify.anchorDer')}
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}
