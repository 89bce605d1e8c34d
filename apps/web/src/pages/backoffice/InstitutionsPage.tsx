import { dictName } from '@portal/shared/dictionaries';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../components/ListPage.tsx';
import { StopDialog } from '../../components/StopDialog.tsx';
import { formatDate } from '../../components/time-cells.ts';
import { useListView } from '../../features/user-management/list-params.ts';
import { accountsOfInstitution } from '../../features/user-management/paths.ts';
import { institutionActions } from '../../features/user-management/row-actions.ts';
import { EnableButton, StopButton } from '../../features/user-management/StatusButtons.tsx';
import {
  enableInstitution,
  fetchInstitutions,
  type ManagedInstitution,
  stopInstitution,
  userManagementKeys,
} from '../../features/user-management/user-management-api.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';

/**
 * /backend/institutions: the institutions on the portal (partners and the bank itself), searched
 * by name or SWIFT code and filtered by status in the address. Stopping a partner institution
 * logs its users out and keeps them out until it is re-enabled; the user count opens the
 * accounts page narrowed to that institution.
 */
export function InstitutionsPage() {
  const { t } = useTranslation('users');
  const { view, update, setPage } = useListView();
  const { stopping, setStopping, stop, enable } = useInstitutionActions();

  const list = useQuery({
    queryKey: userManagementKeys.institutions(view),
    queryFn: ({ signal }) => fetchInstitutions(view, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useInstitutionColumns({ onStop: setStopping, onEnable: enable });

  return (
    <ListPage
      texts="users:institutions"
      title={t('routes.institutions')}
      intro={t('institutions.intro')}
      view={view}
      update={update}
      setPage={setPage}
      columns={columns}
      query={list}
      scrollX={1000}
    >
      {stopping ? (
        <StopDialog
          title={t('stop.institutionTitle', { name: stopping.name })}
          text={
            <>
              <p>{t('stop.institutionText', { name: stopping.name, users: stopping.userCount })}</p>
              <p>{t('stop.institutionUndo')}</p>
            </>
          }
          confirmLabel={t('stop.confirmInstitution')}
          onConfirm={(reason) => stop(stopping, reason)}
          onClose={() => setStopping(null)}
        />
      ) : null}
    </ListPage>
  );
}

/** The institution being stopped (its dialog open), and what stopping and enabling one do. */
function useInstitutionActions() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const [stopping, setStopping] = useState<ManagedInstitution | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userManagementKeys.institutionsAll });
    void queryClient.invalidateQueries({ queryKey: userManagementKeys.backofficeUsersAll });
  };

  const stop = async (institution: ManagedInstitution, reason: string) => {
    await stopInstitution(institution.lgcSn, reason);
    setStopping(null);
    showToast({ type: 'success', content: t('stop.institutionDone', { name: institution.name }) });
    refresh();
  };

  const enable = async (institution: ManagedInstitution) => {
    try {
      await enableInstitution(institution.lgcSn);
      showToast({ type: 'success', content: t('enable.institutionDone', { name: institution.name }) });
      refresh();
    } catch {
      // The toast said why.
    }
  };
  return { stopping, setStopping, stop, enable };
}

type RowHandlers = {
  onStop: (row: ManagedInstitution) => void;
  onEnable: (row: ManagedInstitution) => Promise<void>;
};

function useInstitutionColumns({ onStop, onEnable }: RowHandlers): TableColumnsType<ManagedInstitution> {
  const { t } = useTranslation('users');
  const { locale } = useLocale();
  return [
    {
      key: 'name',
      title: t('columns.institution'),
      dataIndex: 'name',
      render: (name: string) => <span className="cell-stack__main">{name}</span>,
    },
    {
      key: 'swiftCode',
      title: t('columns.swiftCode'),
      dataIndex: 'swiftCode',
      width: 130,
      render: (value: string | null) => (value ? <code>{value}</code> : '—'),
    },
    {
      key: 'country',
      title: t('columns.country'),
      dataIndex: 'country',
      render: (code: string | null) => dictName('countries', code, locale) || '—',
    },
    {
      key: 'kind',
      title: t('columns.kind'),
      dataIndex: 'kind',
      width: 130,
      render: (kind: ManagedInstitution['kind']) => (
        <Tag color={kind === 'bank' ? 'gold' : undefined}>{t(`kinds.${kind}`)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: ManagedInstitution['status']) => (
        <Tag color={status === 'stopped' ? 'error' : 'success'}>{t(`status.${status}`)}</Tag>
      ),
    },
    {
      key: 'userCount',
      title: t('columns.userCount'),
      dataIndex: 'userCount',
      width: 110,
      align: 'right',
      render: (count: number, row) => <UserCountLink count={count} row={row} />,
    },
    { key: 'createdAt', title: t('columns.createdAt'), dataIndex: 'createdAt', width: 120, render: formatDate },
    {
      key: 'action',
      title: t('columns.action'),
      width: 130,
      render: (_, row) => <InstitutionRowActions row={row} onStop={onStop} onEnable={onEnable} />,
    },
  ];
}

/** The number of users, opening the accounts page narrowed to the institution. */
function UserCountLink({ count, row }: { count: number; row: ManagedInstitution }) {
  const { t } = useTranslation('users');
  return (
    <Link to={accountsOfInstitution(row)} aria-label={t('institutions.usersOf', { users: count, name: row.name })}>
      {count}
    </Link>
  );
}

function InstitutionRowActions({ row, onStop, onEnable }: RowHandlers & { row: ManagedInstitution }) {
  const { t } = useTranslation('users');
  const actions = institutionActions(row);
  if (!actions.length) return <span className="row-actions__note">{t('notes.bankInstitution')}</span>;
  return (
    <div className="row-actions">
      {actions.map((action) =>
        action === 'stop' ? (
          <StopButton key={action} subject="institution" name={row.name} onClick={() => onStop(row)} />
        ) : (
          <EnableButton key={action} subject="institution" name={row.name} onConfirm={() => onEnable(row)} />
        ),
      )}
    </div>
  );
}
