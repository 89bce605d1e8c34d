import { Button, Modal, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { institutionUserActions, type RowAction } from '../../features/user-management/row-actions.ts';
import { EnableButton, MakeAdminButton, StopButton } from '../../features/user-management/StatusButtons.tsx';
import type { ManagedUser } from '../../features/user-management/user-management-api.ts';
import { showToast } from '../../lib/notify.ts';
import { ReturnFocus } from '../../lib/useReturnFocus.ts';
import type { Dialog } from './institution-user-actions.ts';

type RowHandlers = {
  onDialog: (dialog: Exclude<Dialog, null>) => void;
  onEnable: (user: ManagedUser) => Promise<void>;
  onPromote: (user: ManagedUser) => Promise<void>;
};

/** The buttons a row offers the viewer (and the note saying why there are none). */
export function InstitutionUserRowActions({
  row,
  viewerLgcSn,
  roles,
  handlers,
}: {
  row: ManagedUser;
  viewerLgcSn: string | null;
  roles: readonly string[];
  handlers: RowHandlers;
}) {
  const { t } = useTranslation('users');
  const plan = institutionUserActions(row, viewerLgcSn, roles);
  return (
    <div className="row-actions">
      {plan.actions.map((action) => (
        <RowActionButton key={action.action} row={row} action={action} handlers={handlers} />
      ))}
      {plan.note ? <span className="row-actions__note">{t(`notes.${plan.note}`)}</span> : null}
    </div>
  );
}

/** One action's button; an edit the viewer may not make stays focusable and says why. */
function RowActionButton({
  row,
  action: { action, disabledBecause },
  handlers: { onDialog, onEnable, onPromote },
}: {
  row: ManagedUser;
  action: RowAction;
  handlers: RowHandlers;
}) {
  const { t } = useTranslation('users');
  switch (action) {
    case 'edit':
      return <EditButton row={row} disabledBecause={disabledBecause} onDialog={onDialog} />;
    case 'stop':
      return (
        <StopButton
          key={action}
          subject="user"
          name={row.usrNm}
          onClick={() => onDialog({ kind: 'stop', user: row })}
        />
      );
    case 'enable':
      return <EnableButton key={action} subject="user" name={row.usrNm} onConfirm={() => onEnable(row)} />;
    case 'makeAdmin':
      return <MakeAdminButton key={action} name={row.usrNm} onConfirm={() => onPromote(row)} />;
    case 'roles':
      return null;
    case 'delete':
      return (
        <Button
          key={action}
          type="link"
          danger
          onClick={() => onDialog({ kind: 'delete', user: row })}
          aria-label={t('delete.for', { name: row.usrNm })}
        >
          {t('actions.delete')}
        </Button>
      );
  }
}

/** Edit; when the viewer may not edit, it stays focusable and says why. */
function EditButton({
  row,
  disabledBecause,
  onDialog,
}: {
  row: ManagedUser;
  disabledBecause: RowAction['disabledBecause'];
  onDialog: RowHandlers['onDialog'];
}) {
  const { t } = useTranslation('users');
  if (disabledBecause) {
    // Focusable, unlike a disabled button, so the reason reaches keyboard and screen-reader users too.
    const reason = t(`disabled.${disabledBecause}`);
    return (
      <Tooltip title={reason}>
        <Button
          type="link"
          aria-disabled="true"
          className="is-unavailable"
          aria-label={`${t('edit.for', { name: row.usrNm })}: ${reason}`}
          onClick={() => showToast({ type: 'info', content: reason })}
        >
          {t('actions.edit')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button
      type="link"
      onClick={() => onDialog({ kind: 'edit', user: row })}
      aria-label={t('edit.for', { name: row.usrNm })}
    >
      {t('actions.edit')}
    </Button>
  );
}

/** Deleting a colleague's account, confirmed in a dialog that says it cannot be undone. */
export function DeleteUserDialog({
  user,
  deleting,
  onConfirm,
  onClose,
}: {
  user: ManagedUser;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <>
      <ReturnFocus />
      <Modal
        open
        title={t('delete.title', { name: user.usrNm })}
        okText={t('delete.confirm')}
        okButtonProps={{ danger: true, loading: deleting }}
        cancelText={t('actions.cancel')}
        onOk={onConfirm}
        onCancel={onClose}
        destroyOnHidden
        width={520}
      >
        <div className="confirm-dialog__text">
          <p>{t('delete.text', { name: user.usrNm, email: user.emailAdr })}</p>
          <p>
            <strong>{t('delete.irreversible')}</strong>
          </p>
        </div>
      </Modal>
    </>
  );
}
