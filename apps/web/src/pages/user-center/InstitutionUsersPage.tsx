import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/PagedTable.tsx';
import { StatusSearchToolbar } from '../../components/StatusSearchToolbar.tsx';
import { StopDialog } from '../../components/StopDialog.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { ACCOUNT_INFO_QUERY_KEY, fetchAccountInfo } from '../../features/accounts/accounts-api.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { EditUserDialog } from '../../features/user-management/EditUserDialog.tsx';
import { InviteUserDialog } from '../../features/user-management/InviteUserDialog.tsx';
import { useListView } from '../../features/user-management/list-params.ts';
import {
  canInvite,
  institutionUserActions,
  invitesAnywhere,
  type RowAction,
} from '../../features/user-management/row-actions.ts';
import { EnableButton, MakeAdminButton, StopButton } from '../../features/user-management/StatusButtons.tsx';
import { AccountStatusCell, PersonCell, RoleTags } from '../../features/user-management/UserCells.tsx';
import {
  deleteInstitutionUser,
  enableInstitutionUser,
  fetchInstitutionUsers,
  type ManagedUser,
  makeInstitutionAdmin,
  stopInstitutionUser,
  userManagementKeys,
} from '../../features/user-management/user-management-api.ts';
import { showToast } from '../../lib/notify.ts';
import { ReturnFocus } from '../../lib/useReturnFocus.ts';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'stop'; user: ManagedUser }
  | { kind: 'delete'; user: ManagedUser }
  | null;

/**
 * /userCenter/institutionUsers (institution administrators, roles 20 and 99): the users of the
 * administrator's own institution, with search, status filter and page in the address. The
 * administrator invites colleagues by e-mail, changes their name, phone and job title, stops,
 * re-enables and deletes them (SPEC §1, §6).
 */
export function InstitutionUsersPage() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const current = useCurrentUser();
  const viewer = current.status === 'user' ? current.user : null;
  const { view, update, setPage } = useListView();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState(false);

  const list = useQuery({
    queryKey: userManagementKeys.institutionUsers(view),
    queryFn: ({ signal }) => fetchInstitutionUsers(view, signal),
    placeholderData: keepPreviousData,
  });
  // The administrator's own profile says which region their institution is in (for invitations).
  const account = useQuery({
    queryKey: ACCOUNT_INFO_QUERY_KEY,
    queryFn: ({ signal }) => fetchAccountInfo(signal),
    enabled: dialog?.kind === 'invite',
  });

  const roles = viewer?.rlTpcd ?? [];
  const close = () => setDialog(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userManagementKeys.institutionUsersAll });

  const onInvited = (invitee: { emailAdr: string; usrNm: string }) => {
    close();
    showToast({ type: 'success', content: t('invite.done', invitee) });
    refresh();
  };

  const onSaved = (user: ManagedUser) => {
    close();
    showToast({ type: 'success', content: t('edit.done', { name: user.usrNm }) });
    refresh();
  };

  const stop = async (user: ManagedUser, reason: string) => {
    await stopInstitutionUser(user.lgcSn, reason);
    close();
    showToast({ type: 'success', content: t('stop.userDone', { name: user.usrNm }) });
    refresh();
  };

  const enable = async (user: ManagedUser) => {
    try {
      await enableInstitutionUser(user.lgcSn);
      showToast({ type: 'success', content: t('enable.userDone', { name: user.usrNm }) });
      refresh();
    } catch {
      // The toast said why.
    }
  };

  const promote = async (user: ManagedUser) => {
    try {
      await makeInstitutionAdmin(user.lgcSn);
      showToast({ type: 'success', content: t('makeAdmin.done', { name: user.usrNm }) });
      refresh();
    } catch {
      // The toast said why.
    }
  };

  const remove = async (user: ManagedUser) => {
    setDeleting(true);
    try {
      await deleteInstitutionUser(user.lgcSn);
      close();
      showToast({ type: 'success', content: t('delete.done', { name: user.usrNm }) });
      refresh();
    } catch {
      // The toast said why; the dialog stays.
    } finally {
      setDeleting(false);
    }
  };

  const actionButton = (row: ManagedUser, { action, disabledBecause }: RowAction) => {
    switch (action) {
      case 'edit': {
        if (disabledBecause) {
          // Focusable, unlike a disabled button, so the reason reaches keyboard and screen-reader users too.
          const reason = t(`disabled.${disabledBecause}`);
          return (
            <Tooltip key={action} title={reason}>
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
            key={action}
            type="link"
            onClick={() => setDialog({ kind: 'edit', user: row })}
            aria-label={t('edit.for', { name: row.usrNm })}
          >
            {t('actions.edit')}
          </Button>
        );
      }
      case 'stop':
        return (
          <StopButton
            key={action}
            subject="user"
            name={row.usrNm}
            onClick={() => setDialog({ kind: 'stop', user: row })}
          />
        );
      case 'enable':
        return <EnableButton key={action} subject="user" name={row.usrNm} onConfirm={() => enable(row)} />;
      case 'makeAdmin':
        return <MakeAdminButton key={action} name={row.usrNm} onConfirm={() => promote(row)} />;
      case 'roles':
        return null;
      case 'delete':
        return (
          <Button
            key={action}
            type="link"
            danger
            onClick={() => setDialog({ kind: 'delete', user: row })}
            aria-label={t('delete.for', { name: row.usrNm })}
          >
            {t('actions.delete')}
          </Button>
        );
    }
  };

  const columns: TableColumnsType<ManagedUser> = [
    { key: 'user', title: t('columns.user'), render: (_, row) => <PersonCell user={row} /> },
    { key: 'roles', title: t('columns.roles'), render: (_, row) => <RoleTags codes={row.rlTpcd} /> },
    { key: 'status', title: t('columns.status'), width: 170, render: (_, row) => <AccountStatusCell user={row} /> },
    {
      key: 'lastLoginAt',
      title: t('columns.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      width: 140,
      render: (value: string | null) => (value ? formatTime(value) : t('never')),
    },
    {
      key: 'action',
      title: t('columns.action'),
      width: 230,
      render: (_, row) => {
        const plan = institutionUserActions(row, viewer?.lgcSn ?? null, roles);
        return (
          <div className="row-actions">
            {plan.actions.map((action) => actionButton(row, action))}
            {plan.note ? <span className="row-actions__note">{t(`notes.${plan.note}`)}</span> : null}
          </div>
        );
      },
    },
  ];

  const filtered = Boolean(view.q) || view.status !== 'all';
  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('routes.institutionUsers')}</h1>
        {canInvite(roles) ? (
          <Button type="primary" onClick={() => setDialog({ kind: 'invite' })}>
            {t('invite.button')}
          </Button>
        ) : null}
      </div>
      <p className="form-intro">
        {viewer?.instNm
          ? t('institutionUsers.intro', { institution: viewer.instNm })
          : t('institutionUsers.introPlain')}
      </p>
      <StatusSearchToolbar
        className="list-toolbar"
        status={view.status}
        q={view.q}
        onChange={(change) => update({ ...change, page: null })}
        searchPlaceholder={t('institutionUsers.searchPlaceholder')}
        searchLabel={t('institutionUsers.searchLabel')}
      />
      <PagedTable<ManagedUser>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 820 }}
        quickJumper={false}
        totalText={(total) => t('pagination.total', { total })}
        emptyTexts={{
          loadFailed: t('institutionUsers.loadFailed'),
          noMatch: t('institutionUsers.noMatch'),
          empty: t('institutionUsers.empty'),
          filtered,
        }}
      />
      {dialog?.kind === 'invite' ? (
        <InviteUserDialog
          region={account.data?.profile.continent ?? null}
          anywhere={invitesAnywhere(roles)}
          institution={viewer?.instNm ?? null}
          onClose={close}
          onInvited={onInvited}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditUserDialog user={dialog.user} onClose={close} onSaved={() => onSaved(dialog.user)} />
      ) : null}
      {dialog?.kind === 'stop' ? (
        <StopDialog
          title={t('stop.userTitle', { name: dialog.user.usrNm })}
          text={<p>{t('stop.userText', { name: dialog.user.usrNm, email: dialog.user.emailAdr })}</p>}
          confirmLabel={t('stop.confirm')}
          onConfirm={(reason) => stop(dialog.user, reason)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <>
          <ReturnFocus />
          <Modal
            open
            title={t('delete.title', { name: dialog.user.usrNm })}
            okText={t('delete.confirm')}
            okButtonProps={{ danger: true, loading: deleting }}
            cancelText={t('actions.cancel')}
            onOk={() => void remove(dialog.user)}
            onCancel={close}
            destroyOnHidden
            width={520}
          >
            <div className="confirm-dialog__text">
              <p>{t('delete.text', { name: dialog.user.usrNm, email: dialog.user.emailAdr })}</p>
              <p>
                <strong>{t('delete.irreversible')}</strong>
              </p>
            </div>
          </Modal>
        </>
      ) : null}
    </div>
  );
}
