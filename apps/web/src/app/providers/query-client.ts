import { QueryClient } from '@tanstack/react-query';

/** Queries whose data is localised by the server carry this meta and reload on a language change. */
export const RELOAD_ON_LOCALE_CHANGE = { reloadOnLocaleChange: true } as const;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { reloadOnLocaleChange?: boolean };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already toasts failures; a retry would toast again.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** Reloads every query marked `meta: RELOAD_ON_LOCALE_CHANGE` (e.g. the user info, SPEC §7). */
export function reloadLocaleBoundQueries(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.meta?.reloadOnLocaleChange === true });
}
