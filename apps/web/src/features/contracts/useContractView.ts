import type { TContractView } from '@portal/shared/schemas/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { type CurrentUser, useCurrentUser } from '../accounts/current-user.ts';
import { contractKeys, fetchContract } from './contracts-api.ts';

/** Why the contract cannot be shown, if it cannot. */
export type ContractProblem = 'login' | 'notFound' | 'failed' | null;

/**
 * The contract of a cooperation for the signed-in reader, loaded again after a log-in on the page
 * (the key carries the reader). A visitor, or a session the server does not know, has to log in.
 */
export function useContractView(intentionLgcSn: string) {
  const current = useCurrentUser();
  const userLgcSn = current.status === 'user' ? current.user.lgcSn : '';
  const query = useQuery({
    queryKey: contractKeys.view(intentionLgcSn, userLgcSn),
    queryFn: ({ signal }) => fetchContract(intentionLgcSn, signal),
    enabled: intentionLgcSn !== '' && userLgcSn !== '',
    // The other party may have signed since: reloaded on every visit.
    staleTime: 0,
    // Institution names come in the reader's language.
    meta: RELOAD_ON_LOCALE_CHANGE,
  });
  return { current, query, problem: problemOf(intentionLgcSn, current, query.error) };
}

function problemOf(intentionLgcSn: string, current: CurrentUser, error: unknown): ContractProblem {
  if (!intentionLgcSn) return 'notFound';
  if (current.status === 'visitor') return 'login';
  if (!error) return null;
  if (isApiError(error) && error.status === 401) return 'login';
  if (isApiError(error) && (error.status === 404 || error.status === 403)) return 'notFound';
  return 'failed';
}

/** After an action answered with the new view: every contract query shows it. */
export function storeContractView(client: QueryClient, view: TContractView): void {
  client.setQueriesData<TContractView>({ queryKey: [...contractKeys.all, 'view', view.intentionLgcSn] }, (previous) =>
    previous ? view : previous,
  );
  void client.invalidateQueries({ queryKey: [...contractKeys.all, 'list'] });
}
