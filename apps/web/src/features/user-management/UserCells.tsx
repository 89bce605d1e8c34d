import '../../components/typography.css';
import { type TableColumnType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/time-cells.ts';
import { roleLabels, stoppedReason } from './row-actions.ts';
import type { ManagedUser } from './user-management-api.ts';

/** Name above e-mail. */
export function PersonCell({ user }: { user: Pick<ManagedUser, 'usrNm' | 'emailAdr'> }) {
  return (
    <div className="cell-stack">
      <span className="cell-stack__main">{user.usrNm}</span>
      <span className="cell-stack__sub">{user.emailAdr}</span>
    </div>
  );
}

/** Institution name above its SWIFT code (an account's, a registration's). */
export function InstitutionCell({ row }: { row: { instNm: string | null; instSwiftCode: string | null } }) {
  return (
    <div className="cell-stack">
      <span className="cell-stack__main">{row.instNm ?? '—'}</span>
      {row.instSwiftCode ? <span className="cell-stack__sub text-code">{row.instSwiftCode}</span> : null}
    </div>
  );
}

/** The roles as readable tags (general user, institution administrator, bank staff, system administrator). */
export function RoleTags({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('accounts');
  const labels = roleLabels(codes);
  if (!labels.length) return <span>—</span>;
  return (
    <span className="tag-list">
      {labels.map(({ code, key }) => (
        <Tag key={code} color={code === '99' ? 'gold' : code === '50' ? 'blue' : undefined}>
          {key ? t(`roles.${key}`) : code}
        </Tag>
      ))}
    </span>
  );
}

/** Active or stopped (with why), and "invitation pending" for an invitee who has not accepted yet. */
export function AccountStatusCell({
  user,
}: {
  user: Pick<ManagedUser, 'status' | 'stoppedReason' | 'invitationPending' | 'institutionStopped'>;
}) {
  const { t } = useTranslation('users');
  const reason = stoppedReason(user.stoppedReason);
  return (
    <div className="cell-stack cell-stack--tags">
      <span className="tag-list">
        <Tag color={user.status === 'stopped' ? 'error' : 'success'}>{t(`status.${user.status}`)}</Tag>
        {user.institutionStopped ? (
          <Tooltip title={t('status.institutionStoppedHint')}>
            <Tag color="warning" tabIndex={0}>
              {t('status.institutionStopped')}
            </Tag>
          </Tooltip>
        ) : null}
        {user.invitationPending ? (
          <Tooltip title={t('status.invitationPendingHint')}>
            <Tag color="processing" tabIndex={0}>
              {t('status.invitationPending')}
            </Tag>
          </Tooltip>
        ) : null}
      </span>
      {user.status === 'stopped' && reason ? (
        <span className="cell-stack__sub">{'key' in reason ? t(`stoppedReasons.${reason.key}`) : reason.text}</span>
      ) : null}
    </div>
  );
}

type UserColumn = TableColumnType<ManagedUser>;

/** The columns the accounts page and the institution-users page share. */
export function useUserColumns(): Record<'user' | 'roles' | 'status' | 'lastLoginAt', UserColumn> {
  const { t } = useTranslation('users');
  return {
    user: { key: 'user', title: t('columns.user'), render: (_, row) => <PersonCell user={row} /> },
    roles: { key: 'roles', title: t('columns.roles'), render: (_, row) => <RoleTags codes={row.rlTpcd} /> },
    status: {
      key: 'status',
      title: t('columns.status'),
      width: 170,
      render: (_, row) => <AccountStatusCell user={row} />,
    },
    lastLoginAt: {
      key: 'lastLoginAt',
      title: t('columns.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      width: 140,
      render: (value: string | null) => (value ? formatTime(value) : t('never')),
    },
  };
}
