import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/ListPage.tsx';
import { StopDialog } from '../../components/StopDialog.tsx';
import { ACCOUNT_INFO_QUERY_KEY, fetchAccountInfo } from '../../features/accounts/accounts-api.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { EditUserDialog } from '../../features/user-management/EditUserDialog.tsx';
import { InviteUserDialog } from '../../features/user-management/InviteUserDialog.tsx';
import { useListView } from '../../features/user-management/list-params.ts';
import { canInvite, invitesAnywhere } from '../../features/user-management/row-actions.ts';
import { useUserColumns } from '../../features/user-management/UserCells.tsx';
import {
  fetchInstitutionUsers,
  type ManagedUser,
  userManagementKeys,
} from '../../features/user-management/user-management-api.ts';
import { DeleteUserDialog, InstitutionUserRowActions } from './InstitutionUserRowActions.tsx';
import { type Dialog, useInstitutionUserActions } from './institution-user-actions.ts';

/**
 * /userCenter/institutionUsers (institution administrators, roles 20 and 99): the users of the
 * administrator's own institution, with search, status filter and page in the address. The
 * administrator invites colleagues by e-mail, changes their name, phone and job title, stops,
 * re-enables and deletes them (SPEC §1, §6).
 */
export function InstitutionUsersPage() {
  const { t } = useTranslation('users');
  const current = useCurrentUser();
  const viewer = current.status === 'user' ? current.user : null;
  const { view, update, setPage } = useListView();
  const [dialog, setDialog] = useState<Dialog>(null);

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
  const actions = useInstitutionUserActions(close);
  const handlers = { onDialog: setDialog, onEnable: actions.enable, onPromote: actions.promote };

  const columns = useInstitutionUserColumns(viewer?.lgcSn ?? null, roles, handlers);

  return (
    <ListPage
      variant="userCenter"
      texts="users:institutionUsers"
      title={t('routes.institutionUsers')}
      intro={
        viewer?.instNm ? t('institutionUsers.intro', { institution: viewer.instNm }) : t('institutionUsers.introPlain')
      }
      actions={
        canInvite(roles) ? (
          <Button type="primary" onClick={() => setDialog({ kind: 'invite' })}>
            {t('invite.button')}
          </Button>
        ) : null
      }
      view={view}
      update={update}
      setPage={setPage}
      columns={columns}
      query={list}
      scrollX={820}
    >
      <UserDialogs
        dialog={dialog}
        close={close}
        region={account.data?.profile.continent ?? null}
        roles={roles}
        institution={viewer?.instNm ?? null}
        actions={actions}
      />
    </ListPage>
  );
}

type RowHandlers = Parameters<typeof InstitutionUserRowActions>[0]['handlers'];

function useInstitutionUserColumns(
  viewerLgcSn: string | null,
  roles: readonly string[],
  handlers: RowHandlers,
): TableColumnsType<ManagedUser> {
  const { t } = useTranslation('users');
  const userColumns = useUserColumns();
  return [
    userColumns.user,
    userColumns.roles,
    userColumns.status,
    userColumns.lastLoginAt,
    {
      key: 'action',
      title: t('columns.action'),
      width: 230,
      render: (_, row) => (
        <InstitutionUserRowActions row={row} viewerLgcSn={viewerLgcSn} roles={roles} handlers={handlers} />
      ),
    },
  ];
}

type UserDialogsProps = {
  dialog: Dialog;
  close: () => void;
  /** The administrator's institution's region (for invitations). */
  region: string | null;
  roles: readonly string[];
  institution: string | null;
  actions: ReturnType<typeof useInstitutionUserActions>;
};

function UserDialogs({ dialog, close, region, roles, institution, actions }: UserDialogsProps) {
  const { t } = useTranslation('users');
  const { onInvited, onSaved, stop, remove, deleting } = actions;
  return (
    <>
      {dialog?.kind === 'invite' ? (
        <InviteUserDialog
          region={region}
          anywhere={invitesAnywhere(roles)}
          institution={institution}
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
        <DeleteUserDialog
          user={dialog.user}
          deleting={deleting}
          onConfirm={() => void remove(dialog.user)}
          onClose={close}
        />
      ) : null}
    </>
  );
}
