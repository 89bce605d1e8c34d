import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractStatusTag } from './ContractStatusTag.tsx';
import { VerifySignatureCard } from './VerifySignatureCard.tsx';
import { verdictReasons } from './verify-reasons.ts';

const ALERT_TYPE = { valid: 'success', warning: 'warning', invalid: 'error' } as const;

/**
 * What /verify found in a PDF, in the reader's language: the server's verdict as the headline
 * (green, amber or red, and why: which signature, which problem), the file's SHA-256, whether it
 * is a contract of this portal, and each signature.
 */
export function VerifyReportView({ report }: { report: TVerifyReport }) {
  const { t } = useTranslation('contracts');
  const reasons = verdictReasons(t, report);
  return (
    <section className="verify-report" aria-label={t('verify.reportTitle', { name: report.fileName })}>
      <h2 className="verify-report__title">{t('verify.reportTitle', { name: report.fileName })}</h2>
      <Alert
        type={ALERT_TYPE[report.verdict]}
        showIcon
        title={t(`verify.verdict.${report.verdict}`)}
        description={
          report.verdict !== 'valid' && reasons.length ? (
            <ul className="verify-report__reasons">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : undefined
        }
        className="verify-report__alert"
      />
      <dl className="verify-report__facts">
        <dt>{t('verify.sha256')}</dt>
        <dd>
          <Typography.Text code copyable={{ text: report.sha256, tooltips: [t('hash.copy'), t('hash.copied')] }}>
            <span className="verify-report__hash">{report.sha256}</span>
          </Typography.Text>
        </dd>
        <dt>{t('verify.recorded')}</dt>
        <dd>
          {report.recordedContract ? (
            <span className="verify-report__recorded">
              {t('verify.recordedYes', { title: report.recordedContract.title })}{' '}
              <ContractStatusTag status={report.recordedContract.status} />
              <Tag>{t(`verify.version.${report.recordedContract.version}`)}</Tag>
            </span>
          ) : (
            t('verify.recordedNo')
          )}
        </dd>
      </dl>
      {report.signatures.length > 0 && !report.pagesCompared ? (
        <p className="cell-stack__sub">{t('verify.pagesNotCompared')}</p>
      ) : null}

      {report.signatures.length > 0 ? (
        <ol className="verify-signatures" aria-label={t('verify.signaturesTitle')}>
          {report.signatures.map((signature, i) => (
            <VerifySignatureCard
              key={signature.index}
              signature={signature}
              last={i === report.signatures.length - 1}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
