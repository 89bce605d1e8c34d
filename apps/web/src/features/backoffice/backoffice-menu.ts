import type { I18nKey } from '../../lib/i18n/keys.ts';
import { BACKOFFICE_AUDIT_PATH, BACKOFFICE_REGISTRATIONS_PATH } from '../accounts/paths.ts';

export type BackofficeMenuItem = {
  key: string;
  label: I18nKey;
  path: string;
  /** Role codes of which the user needs one to see the item (every back-office page needs 50). */
  roles?: readonly string[];
};

/**
 * The back office's left menu. Later features add their management pages here (content,
 * banners, institutions, seals...) together with their routes under /backend.
 */
export const BACKOFFICE_MENU: readonly BackofficeMenuItem[] = [
  { key: 'registrations', label: 'backoffice:menu.registrations', path: BACKOFFICE_REGISTRATIONS_PATH },
  { key: 'audit', label: 'backoffice:menu.audit', path: BACKOFFICE_AUDIT_PATH },
];
