import { Modal } from 'antd';
import type { ReactNode } from 'react';

type FormDialogProps = {
  title: ReactNode;
  okText: ReactNode;
  cancelText: ReactNode;
  /** The submit is running: the OK button spins. */
  saving: boolean;
  /** OK does something that cannot be undone (a rejection). */
  danger?: boolean;
  onOk: () => void;
  onClose: () => void;
  width?: number;
  children: ReactNode;
};

/** A dialog whose OK button submits the form inside it; closing it forgets what was entered. */
export function FormDialog({
  title,
  okText,
  cancelText,
  saving,
  danger,
  onOk,
  onClose,
  width,
  children,
}: FormDialogProps) {
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={danger ? { danger: true, loading: saving } : { loading: saving }}
      cancelText={cancelText}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
      width={width}
    >
      {children}
    </Modal>
  );
}
