import { ROLE } from '../../features/accounts/account-states.ts';
import { MODIFY_PASSWORD_PATH, USER_CENTER_PATH, USER_INFO_PATH } from '../../features/accounts/paths.ts';
import { MY_ATTENTION_PATH, MY_COOPERATION_PATH, MY_PUBLISH_PATH } from '../../features/cooperation/paths.ts';
import { MESSAGE_CENTER_PATH } from '../../features/messages/paths.ts';
import { MY_DRAFT_PATH } from '../../features/publish/paths.ts';
import { MY_SIGNATURE_PATH } from '../../features/seals/paths.ts';
import { INSTITUTION_USERS_PATH } from '../../features/user-management/paths.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { type RouteRecord, routeGroup } from './route-record.ts';

/** Institution administrators (20) and the system administrator (99) manage their institution's users. */
const INSTITUTION_ADMINS = [ROLE.institutionAdmin, ROLE.systemAdmin] as const;

/** User centre (SPEC §2): one parent whose tabs render through its `<Outlet />`. */
export const USER_CENTER_ROUTE: RouteRecord = {
  path: USER_CENTER_PATH,
  title: 'accounts:routes.userCenter',
  hiddenBanner: true,
  page: lazyPage(() => import('../../pages/user-center/UserCenterLayout.tsx'), 'UserCenterLayout'),
  children: routeGroup({ hiddenBanner: true }, [
    {
      path: USER_INFO_PATH,
      title: 'accounts:routes.userInfo',
      page: lazyPage(() => import('../../pages/user-center/UserInfoPage.tsx'), 'UserInfoPage'),
    },
    {
      path: MODIFY_PASSWORD_PATH,
      title: 'accounts:routes.modifyPassword',
      page: lazyPage(() => import('../../pages/user-center/ModifyPasswordPage.tsx'), 'ModifyPasswordPage'),
    },
    {
      path: INSTITUTION_USERS_PATH,
      title: 'users:routes.institutionUsers',
      roles: INSTITUTION_ADMINS,
      page: lazyPage(() => import('../../pages/user-center/InstitutionUsersPage.tsx'), 'InstitutionUsersPage'),
    },
    {
      path: MY_SIGNATURE_PATH,
      title: 'cooperation:routes.mySignature',
      page: lazyPage(() => import('../../pages/user-center/MySignaturePage.tsx'), 'MySignaturePage'),
    },
    {
      path: MY_PUBLISH_PATH,
      title: 'cooperation:routes.myPublish',
      page: lazyPage(() => import('../../pages/user-center/MyPublishPage.tsx'), 'MyPublishPage'),
    },
    {
      path: MY_ATTENTION_PATH,
      title: 'cooperation:routes.myAttention',
      page: lazyPage(() => import('../../pages/user-center/MyAttentionPage.tsx'), 'MyAttentionPage'),
    },
    {
      path: MY_COOPERATION_PATH,
      title: 'cooperation:routes.myCooperation',
      page: lazyPage(() => import('../../pages/user-center/MyCooperationPage.tsx'), 'MyCooperationPage'),
    },
    {
      path: MY_DRAFT_PATH,
      title: 'publish:routes.myDraft',
      page: lazyPage(() => import('../../pages/user-center/MyDraftPage.tsx'), 'MyDraftPage'),
    },
    {
      path: MESSAGE_CENTER_PATH,
      title: 'messages:centre.title',
      page: lazyPage(() => import('../../pages/user-center/MessageCenterPage.tsx'), 'MessageCenterPage'),
    },
  ]),
};
