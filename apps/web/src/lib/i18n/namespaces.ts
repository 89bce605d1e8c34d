import { LOCALES, type NamespaceTexts, type OnDemandNamespace, registerNamespaces } from '@portal/shared';
import { useEffect, useState } from 'react';
import { loadChunk } from '../lazy-page.ts';
import { i18n } from './i18n.ts';

/**
 * The namespaces the web app downloads only when a page needs them (the back office, the
 * agreement texts), so they stay out of the first download. `mail` and `server` are the server's.
 */
export type LazyNamespace = Extract<OnDemandNamespace, 'agreements' | 'backoffice' | 'contracts' | 'seals'>;

const LOADERS: Record<LazyNamespace, () => Promise<{ texts: NamespaceTexts }>> = {
  agreements: () => import('@portal/shared/i18n/namespaces/agreements'),
  backoffice: () => import('@portal/shared/i18n/namespaces/backoffice'),
  contracts: () => import('@portal/shared/i18n/namespaces/contracts'),
  seals: () => import('@portal/shared/i18n/namespaces/seals'),
};

const pending = new Map<LazyNamespace, Promise<void>>();

/** Whether the namespace's texts are in i18next, in both languages (a language switch needs no wait). */
export function isNamespaceLoaded(namespace: LazyNamespace): boolean {
  return LOCALES.every((locale) => i18n.hasResourceBundle(locale, namespace));
}

/**
 * Downloads a namespace (both languages, once) and adds it to i18next and to the shared
 * `translate()`. A failed download shows the chunk-load toast and rejects; the next call retries.
 */
export function loadNamespace(namespace: LazyNamespace): Promise<void> {
  if (isNamespaceLoaded(namespace)) return Promise.resolve();
  let promise = pending.get(namespace);
  if (!promise) {
    promise = loadChunk(LOADERS[namespace]).then(
      ({ texts }) => {
        registerNamespaces(texts);
        for (const locale of LOCALES) i18n.addResourceBundle(locale, namespace, texts[locale][namespace], true, true);
        pending.delete(namespace);
      },
      (error: unknown) => {
        pending.delete(namespace);
        throw error;
      },
    );
    pending.set(namespace, promise);
  }
  return promise;
}

/**
 * Loads a namespace the first time a component needs it: false until its texts are there (show a
 * loading state meanwhile), then true. A failed download is thrown to the route's error view,
 * which offers a reload.
 */
export function useNamespace(namespace: LazyNamespace): boolean {
  const [state, setState] = useState<{ ready: boolean; error?: unknown }>(() => ({
    ready: isNamespaceLoaded(namespace),
  }));
  const ready = state.ready || isNamespaceLoaded(namespace);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadNamespace(namespace).then(
      () => live && setState({ ready: true }),
      (error: unknown) => live && setState({ ready: false, error }),
    );
    return () => {
      live = false;
    };
  }, [namespace, ready]);
  if (state.error) throw state.error;
  return ready;
}
