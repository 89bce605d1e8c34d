import { type TSiteConfig, ZSiteConfig } from '@portal/shared';
import { apiGet, withSignal } from '../../lib/api/api-client.ts';

export const SITE_CONFIG_PATH = '/api/site/config';

/** Brand settings shown in header and footer; background request (no mask, no toast). */
export function fetchSiteConfig(signal?: AbortSignal): Promise<TSiteConfig> {
  return apiGet(SITE_CONFIG_PATH, { schema: ZSiteConfig, silent: true, mask: false, ...withSignal(signal) });
}
