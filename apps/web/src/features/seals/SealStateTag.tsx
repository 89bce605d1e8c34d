import type { TSealState } from '@portal/shared/schemas/seals';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tag colours of the seal states. */
export const SEAL_STATE_COLOURS: Record<TSealState, string> = {
  submitted: 'processing',
  pendingApproval: 'warning',
  effective: 'success',
  rejected: 'error',
  cancelled: 'default',
  expired: 'default',
};

/** A seal's state as a coloured tag (texts of the `seals` namespace: load it with `useNamespace('seals')`). */
export function SealStateTag({ state }: { state: TSealState }) {
  const { t } = useTranslation('seals');
  return <Tag color={SEAL_STATE_COLOURS[state]}>{t(`states.${state}`)}</Tag>;
}
