import { useQueryClient } from '@tanstack/react-query';
import { useAppEvent } from '../../lib/useAppEvent.ts';
import { reloadLocaleBoundQueries } from './query-client.ts';

/**
 * On a language change, reloads the queries whose answer the server localises. This is where the
 * user info (SPEC §2, "reloads user info when logged in") is refreshed once accounts exist: give
 * its query `meta: RELOAD_ON_LOCALE_CHANGE`.
 */
export function LocaleSync() {
  const queryClient = useQueryClient();
  useAppEvent('locale-change', () => {
    void reloadLocaleBoundQueries(queryClient);
  });
  return null;
}
