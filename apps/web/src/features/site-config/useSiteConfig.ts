import type { TSiteConfig } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { takeEmbeddedData } from '../../lib/api/embedded.ts';
import { fetchSiteConfig, SITE_CONFIG_PATH } from './site-config-api.ts';

export const SITE_CONFIG_QUERY_KEY = ['site-config'] as const;

/**
 * The site configuration, or undefined while it is loading or when it could not be loaded (the
 * shell then hides what depends on it: contact details, external links, copyright).
 */
export function useSiteConfig(): TSiteConfig | undefined {
  const { data } = useQuery({
    queryKey: SITE_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => fetchSiteConfig(signal),
    // The public pages' documents bring it (the header's names show at once, as the server drew them).
    initialData: () => takeEmbeddedData<TSiteConfig>(SITE_CONFIG_PATH),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
  return data;
}
