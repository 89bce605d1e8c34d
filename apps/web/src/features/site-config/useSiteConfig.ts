import type { TSiteConfig } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchSiteConfig } from './site-config-api.ts';

export const SITE_CONFIG_QUERY_KEY = ['site-config'] as const;

/**
 * The site configuration, or undefined while it is loading or when it could not be loaded (the
 * shell then hides what depends on it: contact details, external links, copyright).
 */
export function useSiteConfig(): TSiteConfig | undefined {
  const { data } = useQuery({
    queryKey: SITE_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => fetchSiteConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
  return data;
}
