import type { TContractStatus } from '@portal/shared/schemas/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TContractStatus, string> = {
  notUploaded: 'default',
  uploaded: 'processing',
  signing: 'warning',
  signed: 'success',
};

/** SPEC §3: not uploaded, uploaded but not signed, signing, signed. */
export function ContractStatusTag({ status }: { status: TContractStatus }) {
  const { t } = useTranslation('contracts');
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>;
}
