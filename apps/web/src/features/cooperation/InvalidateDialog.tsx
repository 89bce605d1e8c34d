import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';

/** Asks the owner to confirm withdrawing a request (it cannot be undone). */
export function InvalidateDialog({
  name,
  busy,
  onConfirm,
  onCancel,
}: {
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('cooperation');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  return (
    <Modal
      open
      title={t('invalidate.title', { name })}
      okText={t('invalidate.confirm')}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('actions.cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
      width={520}
    >
      <div className="confirm-dialog__text">
        <p>{t('invalidate.text')}</p>
        <p>
          <strong>{t('invalidate.irreversible')}</strong>
        </p>
      </div>
    </Modal>
  );
}
