import { useEffect, useRef } from 'react';
import { apiGet } from '../../lib/api/api-client.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { loadUncommonCharHelper, type UncommonCharSession } from './uncommon-char.ts';

export const UNCOMMON_CHAR_TOKEN_PATH = '/api/site/uncommonChar/token';

/** The server's answer: the session, or null when the helper is not configured. Silent on failure. */
export async function fetchUncommonCharSession(): Promise<UncommonCharSession | null> {
  const [data, { ZUncommonCharToken }] = await Promise.all([
    apiGet(UNCOMMON_CHAR_TOKEN_PATH, { silent: true, mask: false }),
    import('@portal/shared/schemas/content'),
  ]);
  if (data === null || data === undefined) return null;
  return ZUncommonCharToken.parse(data);
}

/**
 * Mounted once around every route: the first time the page is in Chinese, asks the server for the
 * helper's token and loads its scripts (once per page load; scripts cannot be unloaded, so a later
 * switch to English leaves them in place, unused). Renders nothing.
 */
export function UncommonCharHost({
  fetchSession = fetchUncommonCharSession,
}: {
  fetchSession?: () => Promise<UncommonCharSession | null>;
}) {
  const { locale } = useLocale();
  const started = useRef(false);

  useEffect(() => {
    if (locale !== 'zh-CN' || started.current) return;
    started.current = true;
    void loadUncommonCharHelper(locale, { fetchSession });
  }, [locale, fetchSession]);

  return null;
}
