import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/ListPage.tsx';
import { StopDialog } from '../../components/StopDialog.tsx';
import { formatDate } from '../../components/time-cells.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { ExportButton } from '../../features/backoffice/ExportButton.tsx';
import { BackofficeInviteDialog } from '../../features/user-management/BackofficeInviteDialog.tsx';
import { accountList } from '../../features/user-management/list-params.ts';
import { RequirePasswordButton } from '../../features/user-management/RequirePasswordButton.tsx';
import { RolesDialog } from '../../features/user-management/RolesDialog.tsx';
import { backofficeUserActions, isSystemAdmin } from '../../features/user-management/row-actions.ts';
import { EnableButton, StopButton } from '../../features/user-management/StatusButtons.tsx';
import { InstitutionCell, useUserColumns } from '../../features/user-management/UserCells.tsx';
import {
  enableBackofficeUser,
  fetchBackofficeUsers,
  type ManagedUser,
  stopBackofficeUser,
  userManagementKeys,
} from '../../features/user-management/user-management-api.ts';
import { useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';

/**
 * /backend/users: every account of the portal. Search (name, e-mail, institution), status
 * filter, an institution filter (from the institutions page: `?institution=<lgcSn>&instNm=`) and
 * the page live in the address. Bank staff stop an account (with a reason; its sessions end) or
 * re-enable it; the system administrator and the viewer's own account offer no actions.
 */
export function AccountsPage() {
  const { t } = useTranslation('users');
  const current = useCurrentUser();
  const viewer = current.status === 'user' ? current.user.lgcSn : null;
  // Only the system administrator invites from the back office (the server checks it too).
  const mayInvite = current.status === 'user' && isSystemAdmin(current.user);
  const { view, update, setPage } = useListView(accountList);
  const { institution, instNm, ...userView } = view;
  const actions = useAccountActions();

  const query = { ...userView, institution };
  const list = useQuery({
    queryKey: userManagementKeys.backofficeUsers(query),
    queryFn: ({ signal }) => fetchBackofficeUsers(query, signal),
    placeholderData: keepPreviousData,
  });
  const institutionName = instNm || list.data?.list[0]?.instNm || institution;
  const columns = useAccountColumns(viewer, actions);

  return (
    <ListPage
      texts="users:accounts"
      title={t('routes.accounts')}
      intro={t('accounts.intro')}
      actions={
        <>
          {mayInvite ? (
            <Button type="primary" onClick={() => actions.setInviting(true)}>
              {t('backofficeInvite.button')}
            </Button>
          ) : null}
          <ExportButton path="/api/backend/users/export" filters={{ q: view.q, status: view.status, institution }} />
        </>
      }
      aboveToolbar={
        institution ? (
          <div className="filter-chip">
            <span>{t('accounts.institutionFilter')}</span>
            <Tag color="blue">{institutionName}</Tag>
            <Button type="link" size="small" onClick={() => update({ institution: null, instNm: null, page: null })}>
              {t('accounts.clearInstitution')}
            </Button>
          </div>
        ) : null
      }
      view={view}
      update={update}
      setPage={setPage}
      filtered={Boolean(view.q || view.status !== 'all' || institution)}
      columns={columns}
      query={list}
      scrollX={1000}
    >
      <AccountDialogs actions={actions} />
    </ListPage>
  );
}

type AccountActions = ReturnType<typeof useAccountActions>;

/** The dialog open (invite, roles, stop) and what stopping and enabling an account do. */
function useAccountActions() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const [stopping, setStopping] = useState<ManagedUser | null>(null);
  const [editingRoles, setEditingRoles] = useState<ManagedUser | null>(null);
  const [inviting, setInviting] = useState(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: userManagementKeys.backofficeUsersAll });

  const stop = async (user: ManagedUser, reason: string) => {
    await stopBackofficeUser(user.lgcSn, reason);
    setStopping(null);
    showToast({ type: 'success', content: t('stop.userDone', { name: user.usrNm }) });
    refresh();
  };

  const enable = async (user: ManagedUser) => {
    try {
      await enableBackofficeUser(user.lgcSn);
      showToast({ type: 'success', content: t('enable.userDone', { name: user.usrNm }) });
      refresh();
    } catch {
      // The toast said why.
    }
  };
  return { stopping, setStopping, editingRoles, setEditingRoles, inviting, setInviting, refresh, stop, enable };
}

function useAccountColumns(viewer: string | null, actions: AccountActions): TableColumnsType<ManagedUser> {
  const { t } = useTranslation('users');
  const userColumns = useUserColumns();
  return [
    userColumns.user,
    { key: 'institution', title: t('columns.institution'), render: (_, row) => <InstitutionCell row={row} /> },
    userColumns.roles,
    userColumns.status,
    userColumns.lastLoginAt,
    { key: 'createdAt', title: t('columns.createdAt'), dataIndex: 'createdAt', width: 120, render: formatDate },
    {
      key: 'action',
      title: t('columns.action'),
      width: 200,
      render: (_, row) => <AccountRowActions row={row} viewer={viewer} actions={actions} />,
    },
  ];
}

function AccountRowActions({
  row,
  viewer,
  actions,
}: {
  row: ManagedUser;
  viewer: string | null;
  actions: AccountActions;
}) {
  const { t } = useTranslation('users');
  const plan = backofficeUserActions(row, viewer);
  if (plan.note) return <span className="row-actions__note">{t(`notes.${plan.note}`)}</span>;
  return (
    <div className="row-actions">
      {plan.actions.map(({ action }) =>
        action === 'roles' ? (
          <Button
            key={action}
            type="link"
            onClick={() => actions.setEditingRoles(row)}
            aria-label={t('roles.for', { name: row.usrNm })}
          >
            {t('actions.roles')}
          </Button>
        ) : action === 'stop' ? (
          <StopButton key={action} subject="user" name={row.usrNm} onClick={() => actions.setStopping(row)} />
        ) : (
          <EnableButton key={action} subject="user" name={row.usrNm} onConfirm={() => actions.enable(row)} />
        ),
      )}
      {/* An active account (one that can be stopped) can be made to choose a new password. */}
      {plan.actions.some(({ action }) => action === 'stop') ? (
        <RequirePasswordButton lgcSn={row.lgcSn} name={row.usrNm} />
      ) : null}
    </div>
  );
}

function AccountDialogs({ actions }: { actions: AccountActions }) {
  const { t } = useTranslation('users');
  const { inviting, setInviting, editingRoles, setEditingRoles, stopping, setStopping, refresh, stop } = actions;
  return (
    <>
      {inviting ? (
        <BackofficeInviteDialog
          onClose={() => setInviting(false)}
          onInvited={(invitee) => {
            setInviting(false);
            showToast({ type: 'success', content: t('invite.done', invitee) });
            refresh();
          }}
        />
      ) : null}
      {editingRoles ? (
        <RolesDialog
          user={editingRoles}
          onClose={() => setEditingRoles(null)}
          onChanged={() => {
            showToast({ type: 'success', content: t('roles.done', { name: editingRoles.usrNm }) });
            setEditingRoles(null);
            refresh();
          }}
        />
      ) : null}
      {stopping ? (
        <StopDialog
          title={t('stop.userTitle', { name: stopping.usrNm })}
          text={<p>{t('stop.userText', { name: stopping.usrNm, email: stopping.emailAdr })}</p>}
          confirmLabel={t('stop.confirm')}
          onConfirm={(reason) => stop(stopping, reason)}
          onClose={() => setStopping(null)}
        />
      ) : null}
    </>
  );
}
