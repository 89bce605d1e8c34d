/**
 * The marketplace lists of the back office keep their filters and page in the address, like the
 * other back-office lists (`?q=&status=&page=&size=`; user-management/list-params.ts).
 */
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, withChanges } from '../user-management/list-params.ts';
import type {
  AgreementListParams,
  AgreementStatusFilter,
  RequestListParams,
  RequestStatusFilter,
} from './cooperation-backoffice-api.ts';

export const REQUEST_STATUS_FILTERS: readonly RequestStatusFilter[] = ['all', 'effective', 'invalid'];
export const AGREEMENT_STATUS_FILTERS: readonly AgreementStatusFilter[] = ['submitted', 'signed', 'all'];
const MAX_PAGE_SIZE = 100;

function toPositive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

function paging(params: URLSearchParams) {
  return {
    pageNo: toPositive(params.get('page'), 1),
    pageSize: Math.min(MAX_PAGE_SIZE, toPositive(params.get('size'), DEFAULT_PAGE_SIZE)),
  };
}

export function readRequestView(params: URLSearchParams): RequestListParams {
  return {
    q: params.get('q')?.trim() ?? '',
    status: oneOf(params.get('status'), REQUEST_STATUS_FILTERS, 'all'),
    ...paging(params),
  };
}

/**
 * The agreements list opens on the intentions waiting for the bank (`submitted`); its filter
 * lives under `show` (withChanges drops `status=all`, which here is not the default).
 */
export function readAgreementView(params: URLSearchParams): AgreementListParams {
  return { status: oneOf(params.get('show'), AGREEMENT_STATUS_FILTERS, 'submitted'), ...paging(params) };
}

/** The current address's params and `update` to change them (a new history entry). */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) => setParams((current) => withChanges(current, changes));
  return { params, update };
}
