/**
 * The portal's certificate authority as the public pages show it (its name, SHA-256 fingerprint
 * and download addresses, `GET /api/pki/authority`): /verify's trust-anchor panel and the
 * footer's verification link share one query. Public and the same for everyone, so its key is
 * outside 'accounts' (logging out keeps it), and it does not change while the page is open.
 */

import { TRUST_ANCHOR_PATHS } from '@portal/shared';
import type { TTrustAnchor } from '@portal/shared/schemas/seals';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, parseData, withSignal } from './api/api-client.ts';
import { takeEmbeddedData } from './api/embedded.ts';

const TRUST_ANCHOR_QUERY_KEY = ['pki', 'authority'] as const;

/**
 * Silent: whoever shows it says it failed, or shows nothing. The seals' schemas load beside the
 * read, not with the page (/verify's document brings the answer: often they are never needed).
 */
async function fetchTrustAnchor(signal?: AbortSignal): Promise<TTrustAnchor> {
  const [data, { ZTrustAnchor }] = await Promise.all([
    apiGet(TRUST_ANCHOR_PATHS.info, { silent: true, mask: false, ...withSignal(signal) }),
    import('@portal/shared/schemas/seals'),
  ]);
  return parseData(ZTrustAnchor, data, { silent: true });
}

export function trustAnchorQuery() {
  return queryOptions({
    queryKey: TRUST_ANCHOR_QUERY_KEY,
    queryFn: ({ signal }) => fetchTrustAnchor(signal),
    // /verify's document brings it: the panel shows it at once instead of growing under the reader.
    initialData: () => takeEmbeddedData<TTrustAnchor>(TRUST_ANCHOR_PATHS.info),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** "3F:A1:0C:77:5B:2E:9D:41:…" → "3FA1 0C77 5B2E 9D41": the first 16 hex digits, in fours. */
export function shortFingerprint(sha256: string): string {
  const hex = sha256
    .replace(/[^0-9a-f]/gi, '')
    .toUpperCase()
    .slice(0, 16);
  return hex.match(/.{1,4}/g)?.join(' ') ?? '';
}
