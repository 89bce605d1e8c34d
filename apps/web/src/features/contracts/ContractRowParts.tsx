import type { TCooperationInfo } from '@portal/shared/schemas/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { ContractStatusTag } from './ContractStatusTag.tsx';
import { inLanguage, previewContractPath, signContractPath } from './links.ts';

/**
 * The parts of one cooperation's line in My cooperation → Contracts, shared by the table (wide
 * screens) and the cards (phones): the counterpart, the status with what happens next, the actions.
 */

export function CounterpartCell({ row }: { row: TCooperationInfo }) {
  return (
    <div className="cell-stack">
      <span>{row.counterpartName}</span>
      {row.counterpartSwiftCode ? <span className="cell-stack__sub nowrap">{row.counterpartSwiftCode}</span> : null}
    </div>
  );
}

export function ContractStatusCell({ row }: { row: TCooperationInfo }) {
  const { t } = useTranslation('contracts');
  return (
    <div className="cell-stack cell-stack--tags">
      <span>
        <ContractStatusTag status={row.contractStatus} />
      </span>
      <span className="cell-stack__sub">{statusNote(row, t)}</span>
    </div>
  );
}

/** Upload (then on to the contract page) or preview, sign, the signed PDF and the evidence report. */
export function ContractActions({
  row,
  onUpload,
}: {
  row: TCooperationInfo;
  onUpload: (row: TCooperationInfo) => void;
}) {
  const { t } = useTranslation('contracts');
  const { locale } = useLocale();
  const names = { name: row.requestName };
  const open = row.requestClosed === null;
  const canSign = open && row.confirmed && !row.signedByMe && row.contractStatus !== 'signed';
  return (
    <div className="row-actions">
      {row.contractStatus === 'notUploaded' && open ? (
        <Button type="link" onClick={() => onUpload(row)} aria-label={t('actions.uploadFor', names)}>
          {t('actions.upload')}
        </Button>
      ) : (
        <Link to={previewContractPath(row.intentionLgcSn)} aria-label={t('actions.previewFor', names)}>
          {t('actions.preview')}
        </Link>
      )}
      {canSign ? (
        <Link to={signContractPath(row.intentionLgcSn)} aria-label={t('actions.signFor', names)}>
          {t('actions.sign')}
        </Link>
      ) : null}
      {row.contractStatus === 'signed' && row.signedPdfUrl ? (
        <a href={row.signedPdfUrl} download aria-label={t('actions.downloadSignedFor', names)}>
          {t('actions.downloadSigned')}
        </a>
      ) : null}
      {row.contractStatus === 'signed' && row.evidenceUrl ? (
        <a href={inLanguage(row.evidenceUrl, locale)} download aria-label={t('actions.downloadEvidenceFor', names)}>
          {t('actions.downloadEvidence')}
        </a>
      ) : null}
    </div>
  );
}

/** A line under the status: what happens next, from the reader's side. */
function statusNote(row: TCooperationInfo, t: ReturnType<typeof useTranslation<'contracts'>>['t']): string {
  if (row.contractStatus === 'signed') return t('list.note.done');
  if (row.requestClosed) return t(`list.note.${row.requestClosed}`);
  if (row.contractStatus === 'notUploaded') return t('list.note.upload');
  if (!row.confirmed) return t('list.note.confirm');
  if (row.signedByMe) return t('list.note.waitOther');
  if (row.signedByOther) return t('list.note.otherSigned');
  return t('list.note.sign');
}
