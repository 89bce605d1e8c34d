import type { I18nKey } from '../../lib/i18n/keys.ts';
import { MY_ATTENTION_PATH, MY_COOPERATION_PATH, MY_PUBLISH_PATH } from '../cooperation/paths.ts';
import { MESSAGE_CENTER_PATH } from '../messages/paths.ts';
import { MY_DRAFT_PATH } from '../publish/paths.ts';
import { MY_SIGNATURE_PATH } from '../seals/paths.ts';
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
  { key: 'mySignature', label: 'cooperation:menu.mySignature', path: MY_SIGNATURE_PATH },
  { key: 'myPublish', label: 'cooperation:menu.myPublish', path: MY_PUBLISH_PATH },
  { key: 'myDraft', label: 'publish:routes.myDraft', path: MY_DRAFT_PATH },
  { key: 'myAttention', label: 'cooperation:menu.myAttention', path: MY_ATTENTION_PATH },
  { key: 'myCooperation', label: 'cooperation:menu.myCooperation', path: MY_COOPERATION_PATH },
  { key: 'messageCenter', label: 'messages:centre.menu', path: MESSAGE_CENTER_PATH },
];

/** The tabs this user may see. */
export function userCenterTabs(roles: readonly string[]): UserCenterTab[] {
  return USER_CENTER_MENU.filter((tab) => !tab.roles?.length || tab.roles.some((role) => roles.includes(role)));
}
