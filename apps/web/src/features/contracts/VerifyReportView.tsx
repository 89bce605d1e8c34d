import type { TVerifiedSignature, TVerifyReport } from '@portal/shared/schemas/contracts';
import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/time-cells.ts';
import { ContractStatusTag } from './ContractStatusTag.tsx';

/**
 * What /verify found in a PDF, in the reader's language: the file's SHA-256, whether it is a
 * contract of this portal, each signature (intact or broken, who, which seal, when, the
 * certificate), and whether anything was added after the last signature.
 */
export function VerifyReportView({ report }: { report: TVerifyReport }) {
  const { t } = useTranslation('contracts');
  const signed = report.signatures.length > 0;
  const allIntact = signed && report.signatures.every((signature) => signature.intact);
  return (
    <section className="verify-report" aria-label={t('verify.reportTitle', { name: report.fileName })}>
      <h2 className="verify-report__title">{t('verify.reportTitle', { name: report.fileName })}</h2>
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

      {!signed ? <Alert type="warning" showIcon title={t('verify.noSignature')} /> : null}
      {signed && report.modifiedAfterLastSignature ? (
        <Alert
          type="error"
          showIcon
          title={t('verify.modifiedTitle')}
          description={t('verify.modifiedText')}
          className="verify-report__alert"
        />
      ) : null}
      {signed && allIntact && !report.modifiedAfterLastSignature ? (
        <Alert type="success" showIcon title={t('verify.allIntact')} className="verify-report__alert" />
      ) : null}
      {signed && !allIntact ? (
        <Alert type="error" showIcon title={t('verify.someBroken')} className="verify-report__alert" />
      ) : null}

      {signed ? (
        <ol className="verify-signatures" aria-label={t('verify.signaturesTitle')}>
          {report.signatures.map((signature) => (
            <SignatureCard key={signature.index} signature={signature} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function SignatureCard({ signature }: { signature: TVerifiedSignature }) {
  const { t } = useTranslation('contracts');
  const yesNo = (value: boolean) => (value ? t('verify.yes') : t('verify.no'));
  return (
    <li className={signature.intact ? 'verify-signature is-intact' : 'verify-signature is-broken'}>
      <div className="verify-signature__head">
        <h3>{t('verify.signatureN', { index: signature.index })}</h3>
        <Tag color={signature.intact ? 'success' : 'error'}>
          {signature.intact ? t('verify.intact') : t('verify.broken')}
        </Tag>
      </div>
      {!signature.intact ? <p className="verify-signature__why">{t('verify.brokenText')}</p> : null}
      <dl className="verify-signature__facts">
        <dt>{t('verify.institution')}</dt>
        <dd>{signature.institutionName ?? '—'}</dd>
        <dt>{t('verify.seal')}</dt>
        <dd>
          {signature.sealName ?? '—'}
          {signature.sealNo ? <span className="cell-stack__sub"> ({signature.sealNo})</span> : null}
        </dd>
        <dt>{t('verify.signedAt')}</dt>
        <dd>{formatTime(signature.signedAt)}</dd>
        <dt>{t('verify.issuedByPortal')}</dt>
        <dd>
          {signature.issuedByPortal ? (
            <Tag color="success">{t('verify.yes')}</Tag>
          ) : (
            <Tag color="warning">{t('verify.notPortal')}</Tag>
          )}
          {signature.certificateSerial ? (
            <span className="cell-stack__sub"> {t('verify.serial', { serial: signature.certificateSerial })}</span>
          ) : null}
        </dd>
        <dt>{t('verify.validAtSigning')}</dt>
        <dd>
          <Tag color={signature.validAtSigningTime ? 'success' : 'error'}>{yesNo(signature.validAtSigningTime)}</Tag>
        </dd>
        <dt>{t('verify.revoked')}</dt>
        <dd>
          {signature.revoked ? (
            <Tag color="error">{t('verify.revokedYes')}</Tag>
          ) : (
            <Tag color="success">{t('verify.revokedNo')}</Tag>
          )}
        </dd>
        <dt>{t('verify.coversWhole')}</dt>
        <dd>
          {signature.coversWholeDocument ? (
            <Tag color="success">{t('verify.yes')}</Tag>
          ) : (
            <Tag color="default">{t('verify.coversPart')}</Tag>
          )}
        </dd>
      </dl>
    </li>
  );
}
