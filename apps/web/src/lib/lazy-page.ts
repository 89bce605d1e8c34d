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

export type PageComponent = LazyExoticComponent<ComponentType>;

/**
 * A lazily loaded page from a module's named export:
 * `lazyPage(() => import('../pages/home/HomePage.tsx'), 'HomePage')`.
 */
export function lazyPage<M, K extends keyof M>(
  factory: () => Promise<M>,
  exportName: K & (M[K] extends ComponentType ? unknown : never),
): PageComponent {
  return lazy(() =>
    loadChunk(factory).then((module) => {
      const component = module[exportName];
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
        throw new ChunkLoadError(`Module has no component export "${String(exportName)}"`);
      }
      return { default: component as ComponentType };
    }),
  );
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
