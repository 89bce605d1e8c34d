import type { I18nKey } from '../../lib/i18n/keys.ts';
import {
  BACKOFFICE_AGREEMENT_VERSIONS_PATH,
  BACKOFFICE_AUDIT_PATH,
  BACKOFFICE_REGISTRATIONS_PATH,
} from '../accounts/paths.ts';
import { BACKOFFICE_CONTENT_PATHS } from '../content-admin/paths.ts';
import { BACKOFFICE_AGREEMENTS_PATH, BACKOFFICE_COOPERATION_PATH } from '../cooperation-backoffice/paths.ts';
import { BACKOFFICE_SEALS_PATH } from '../seals/paths.ts';
import { BACKOFFICE_INSTITUTIONS_PATH, BACKOFFICE_USERS_PATH } from '../user-management/paths.ts';

export type BackofficeMenuItem = {
  key: string;
  label: I18nKey;
  path: string;
  /** Role codes of which the user needs one to see the item (every back-office page needs 50). */
  roles?: readonly string[];
  /** A heading the item is shown under (consecutive items of one group share it). */
  group?: I18nKey;
};

const CONTENT_GROUP: I18nKey = 'backoffice:content.menu.group';
const CONTENT_MENU = (
  [
    'banners',
    'modules',
    'articles',
    'reports',
    'topics',
    'compliance',
    'institutions',
    'questionnaires',
    'feedback',
    'leaveMessages',
    'visits',
  ] as const
).map(
  (key): BackofficeMenuItem => ({
    key: `content-${key}`,
    label: key === 'leaveMessages' ? 'backoffice:leaveMessages.menu' : `backoffice:content.menu.${key}`,
    path: BACKOFFICE_CONTENT_PATHS[key],
    group: CONTENT_GROUP,
  }),
);

/**
 * The back office's left menu. Later features add their management pages here (content,
 * banners, institutions, seals...) together with their routes under /backend.
 */
export const BACKOFFICE_MENU: readonly BackofficeMenuItem[] = [
  { key: 'registrations', label: 'backoffice:menu.registrations', path: BACKOFFICE_REGISTRATIONS_PATH },
  { key: 'accounts', label: 'users:menu.accounts', path: BACKOFFICE_USERS_PATH },
  { key: 'institutions', label: 'users:menu.institutions', path: BACKOFFICE_INSTITUTIONS_PATH },
  { key: 'cooperation', label: 'backoffice:cooperation.menu.requests', path: BACKOFFICE_COOPERATION_PATH },
  { key: 'masterAgreements', label: 'backoffice:cooperation.menu.agreements', path: BACKOFFICE_AGREEMENTS_PATH },
  { key: 'seals', label: 'backoffice:menu.seals', path: BACKOFFICE_SEALS_PATH },
  { key: 'audit', label: 'backoffice:menu.audit', path: BACKOFFICE_AUDIT_PATH },
  { key: 'agreementVersions', label: 'backoffice:menu.agreementVersions', path: BACKOFFICE_AGREEMENT_VERSIONS_PATH },
  ...CONTENT_MENU,
];
