/**
 * The user-management lists keep their search, status and page in the address
 * (`?q=&status=&page=&size=`; lib/list-view.ts); the accounts page also its institution filter
 * (`?institution=<lgcSn>&instNm=`, from the institutions page).
 */
import { ACCOUNT_STATUS_FILTERS } from '../../components/StatusSearchToolbar.tsx';
import { choiceParam, listView, textParam, useListView as useList } from '../../lib/list-view.ts';
import type { StatusFilter } from './user-management-api.ts';

export const STATUS_FILTERS: readonly StatusFilter[] = ACCOUNT_STATUS_FILTERS;

const userParams = { q: textParam(), status: choiceParam(STATUS_FILTERS, 'all') };

/** Institution users and institutions: search, status, page. */
export const userList = listView({ params: userParams });
/** Every account: as `userList`, narrowed to one institution. */
export const accountList = listView({ params: { ...userParams, institution: textParam(), instNm: textParam() } });

export const readListView = userList.read;
export const withChanges = userList.withChanges;

/** The list view of the current address, and `update` to change it (a new history entry). */
export function useListView() {
  return useList(userList);
}
