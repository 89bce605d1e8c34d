import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteNames } from '../../features/site-config/useSiteNames.ts';
import { translateKey } from '../../lib/i18n/translate.ts';
import { formatDocumentTitle } from '../../lib/title.ts';
import { useRouteMeta } from '../route-meta.ts';

/** Keeps `document.title` at `<route title> | <portal name>` in the current language. */
export function DocumentTitle() {
  const meta = useRouteMeta();
  const { portalName } = useSiteNames();
  // Subscribes to language changes; the title is translated during render.
  useTranslation();
  const pageTitle = meta ? translateKey(meta.title, '') : null;
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle, portalName);
  }, [pageTitle, portalName]);
  return null;
}
