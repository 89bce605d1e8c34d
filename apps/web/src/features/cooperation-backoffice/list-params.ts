/**
 * The marketplace lists of the back office keep their filters and page in the address, like the
 * other back-office lists (`?q=&status=&page=&size=`; lib/list-view.ts).
 */
import { choiceParam, listView, textParam } from '../../lib/list-view.ts';
import type { AgreementStatusFilter, RequestStatusFilter } from './cooperation-backoffice-api.ts';

export const REQUEST_STATUS_FILTERS: readonly RequestStatusFilter[] = ['all', 'effective', 'invalid'];
export const AGREEMENT_STATUS_FILTERS: readonly AgreementStatusFilter[] = ['submitted', 'signed', 'all'];

/** Published requests: search, status, page. */
export const requestList = listView({
  params: { q: textParam(), status: choiceParam(REQUEST_STATUS_FILTERS, 'all') },
});

/** Master agreements: the status under `show`; the list opens on those waiting for the bank. */
export const agreementList = listView({
  params: { show: choiceParam(AGREEMENT_STATUS_FILTERS, 'submitted') },
});
