import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ROLE } from '../../features/accounts/account-states.ts';
import { ACCOUNT_INFO_QUERY_KEY, fetchAccountInfo } from '../../features/accounts/accounts-api.ts';
import { setCurrentUser } from '../../features/accounts/current-user.ts';
import { ProfileEditor } from '../../features/accounts/profile/ProfileEditor.tsx';
import { ProfileView } from '../../features/accounts/profile/ProfileView.tsx';
import { showToast } from '../../lib/notify.ts';

const ROLE_KEYS: Record<string, 'general' | 'institutionAdmin' | 'bankStaff' | 'systemAdmin'> = {
  [ROLE.general]: 'general',
  [ROLE.institutionAdmin]: 'institutionAdmin',
  [ROLE.bankStaff]: 'bankStaff',
  [ROLE.systemAdmin]: 'systemAdmin',
};

/** /userCenter/userInfo: the account and the profile; the profile can be edited and saved. */
export function UserInfoPage() {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const info = useQuery({ queryKey: ACCOUNT_INFO_QUERY_KEY, queryFn: ({ signal }) => fetchAccountInfo(signal) });

  if (info.isPending) return <PageFallback />;
  if (!info.data) {
    return (
      <div className="user-center-panel">
        <h1 className="user-center-panel__title">{t('routes.userInfo')}</h1>
        <Alert type="error" showIcon title={t('refill.loadFailed')} />
      </div>
    );
  }
  const { user, profile, attachments } = info.data;

  const onSaved = (saved: TUserInfo) => {
    setCurrentUser(queryClient, saved);
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_INFO_QUERY_KEY });
    setEditing(false);
    showToast({ type: 'success', content: t('userCenter.saved') });
  };

  return (
    <div className="user-center-panel">
      <div className="user-center-panel__head">
        <h1 className="user-center-panel__title">{t('routes.userInfo')}</h1>
        {editing ? null : (
          <Button type="primary" onClick={() => setEditing(true)}>
            {t('userCenter.edit')}
          </Button>
        )}
      </div>
      <AccountFacts user={user} />
      {editing ? (
        <ProfileEditor
          change="update"
          roleCodes={user.rlTpcd}
          profile={profile}
          attachments={attachments}
          submitLabel={t('userCenter.save')}
          onSaved={onSaved}
          onCancel={() => setEditing(false)}
        />
      ) : Object.keys(profile).length ? (
        <ProfileView profile={profile} attachments={attachments} />
      ) : (
        <Empty description={t('userCenter.noProfile')} />
      )}
    </div>
  );
}

/** The account: e-mail, status, roles and institution. */
function AccountFacts({ user }: { user: TUserInfo }) {
  const { t } = useTranslation('accounts');
  return (
    <Descriptions
      title={t('userCenter.account')}
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
      className="profile-view__section"
      items={[
        { key: 'email', label: t('fields.workEmail'), children: user.emailAdr },
        {
          key: 'status',
          label: t('review.statusLabel'),
          children: <Tag color="blue">{t(`status.${user.actvtInd}`)}</Tag>,
        },
        {
          key: 'roles',
          label: t('userCenter.roles'),
          children: user.rlTpcd.length ? (
            <span className="tag-list">
              {user.rlTpcd.map((code) => {
                const key = ROLE_KEYS[code];
                return <Tag key={code}>{key ? t(`roles.${key}`) : code}</Tag>;
              })}
            </span>
          ) : (
            '—'
          ),
        },
        { key: 'inst', label: t('fields.instNm'), children: user.instNm ?? '—' },
      ]}
    />
  );
}
