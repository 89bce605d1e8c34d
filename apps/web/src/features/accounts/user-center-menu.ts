import type { I18nKey } from '../../lib/i18n/keys.ts';
import { INSTITUTION_USERS_PATH } from '../user-management/paths.ts';
import { ROLE } from './account-states.ts';
import { MODIFY_PASSWORD_PATH, USER_INFO_PATH } from './paths.ts';

export type UserCenterTab = {
  key: string;
  label: I18nKey;
  path: string;
  /** Role codes of which the user needs one to see the tab (the route says the same). */
  roles?: readonly string[];
};

/**
 * The user-centre menu of SPEC §2, as far as its pages exist. Later features add their tabs here
 * (my signature seals /userCenter/mySignature, released /userCenter/myPublish, following
 * /userCenter/myAttention, my cooperation /userCenter/myCooperation, message centre
 * /userCenter/messageCenter) together with their routes.
 */
export const USER_CENTER_MENU: readonly UserCenterTab[] = [
  { key: 'userInfo', label: 'accounts:userCenter.menu.userInfo', path: USER_INFO_PATH },
  { key: 'modifyPassword', label: 'accounts:userCenter.menu.modifyPassword', path: MODIFY_PASSWORD_PATH },
  {
    key: 'institutionUsers',
    label: 'users:menu.institutionUsers',
    path: INSTITUTION_USERS_PATH,
    roles: [ROLE.institutionAdmin, ROLE.systemAdmin],
  },
];

/** The tabs this user may see. */
export function userCenterTabs(roles: readonly string[]): UserCenterTab[] {
  return USER_CENTER_MENU.filter((tab) => !tab.roles?.length || tab.roles.some((role) => roles.includes(role)));
}
