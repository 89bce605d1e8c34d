import type { I18nKey } from '../../lib/i18n/keys.ts';
import { MODIFY_PASSWORD_PATH, USER_INFO_PATH } from './paths.ts';

export type UserCenterTab = { key: string; label: I18nKey; path: string };

/**
 * The user-centre menu of SPEC §2, as far as its pages exist. Later features add their tabs here
 * (my signature seals /userCenter/mySignature, released /userCenter/myPublish, following
 * /userCenter/myAttention, my cooperation /userCenter/myCooperation, message centre
 * /userCenter/messageCenter) together with their routes.
 */
export const USER_CENTER_MENU: readonly UserCenterTab[] = [
  { key: 'userInfo', label: 'accounts:userCenter.menu.userInfo', path: USER_INFO_PATH },
  { key: 'modifyPassword', label: 'accounts:userCenter.menu.modifyPassword', path: MODIFY_PASSWORD_PATH },
];
