import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { translateKey } from './i18n/translate.ts';
import { notifyError } from './notify.ts';

/** SPEC §9: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Loads a code-split module; on failure or after the time-out shows the `errors.chunkLoad` toast
 * and rejects with a ChunkLoadError (the route's error view then offers a reload).
 */
export function loadChunk<T>(factory: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const fail = (cause: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      notifyError(translateKey('errors:chunkLoad', 'Part of the page failed to load.'), 'chunk-load');
      reject(new ChunkLoadError('Failed to load part of the application', { cause }));
    };
    const timer = setTimeout(() => fail(new Error(`Chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
    factory().then(
      (module) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => fail(error),
    );
  });
}

/** A lazily loaded page; `preload()` fetches its code ahead of the first render that needs it. */
export type PageComponent = LazyExoticComponent<ComponentType> & { preload(): Promise<void> };

/**
 * A thenable that calls back at once: React's `lazy` then has the module before it would suspend
 * and renders it without its fallback. Typed as the Promise `lazy` asks for; it only calls `then`.
 */
function settledThenable<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (React.lazy reads it synchronously)
  const thenable = { then: (onFulfilled?: (value: T) => unknown) => onFulfilled?.(value) };
  return thenable as unknown as Promise<T>;
}

/**
 * A lazily loaded page from a module's named export:
 * `lazyPage(() => import('../pages/home/HomePage.tsx'), 'HomePage')`.
 *
 * Once its code is here (`preload()`, main.tsx does it for the page a server's first screen stands
 * for), the page renders on its first render instead of its Suspense fallback first: no frame of
 * spinner between the server's first screen and the page (a layout shift on a phone).
 */
export function lazyPage<M, K extends keyof M>(
  factory: () => Promise<M>,
  exportName: K & (M[K] extends ComponentType ? unknown : never),
): PageComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const load = (): Promise<ComponentType> => {
    loading ??= loadChunk(factory).then(
      (module) => {
        const component = module[exportName];
        if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
          throw new ChunkLoadError(`Module has no component export "${String(exportName)}"`);
        }
        loaded = component as ComponentType;
        return loaded;
      },
      (error: unknown) => {
        // The next render (the error view's reload, a later visit) asks again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const page = lazy(() =>
    loaded ? settledThenable({ default: loaded }) : load().then((component) => ({ default: component })),
  );
  return Object.assign(page, { preload: () => load().then(() => undefined) });
}

// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props
type AnyComponent = ComponentType<any>;

/**
 * A lazily loaded component (a dialog, a header action) from a module's named export, keeping
 * its props: `lazyComponent(() => import('./LoginDialog.tsx'), 'LoginDialog')`.
 */
export function lazyComponent<M, K extends keyof M>(
  factory: () => Promise<M>,
  exportName: K & (M[K] extends AnyComponent ? unknown : never),
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(() =>
    loadChunk(factory).then((module) => ({
      default: module[exportName] as M[K] extends ComponentType<infer P> ? ComponentType<P> : never,
    })),
  );
}
