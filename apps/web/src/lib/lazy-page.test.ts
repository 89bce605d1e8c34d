import { render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pagesAt } from '../app/router.tsx';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, loadChunk } from './lazy-page.ts';
import { setToastHandler, type Toast } from './notify.ts';

describe('loadChunk', () => {
  it('gives up after 120 s with the chunk-load toast', async () => {
    vi.useFakeTimers();
    const toasts: Toast[] = [];
    const release = setToastHandler((toast) => toasts.push(toast));
    const loading = loadChunk(() => new Promise<never>(() => {}));
    const settled = vi.fn();
    loading.then(settled, settled);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    expect(toasts).toEqual([
      expect.objectContaining({ type: 'error', content: 'Part of the page failed to load. Please refresh the page.' }),
    ]);
    release();
  });

  it('reports a failed import the same way', async () => {
    const toasts: Toast[] = [];
    const release = setToastHandler((toast) => toasts.push(toast));
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    expect(toasts).toHaveLength(1);
    release();
  });

  it('passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
  });
});

function Hello() {
  return createElement('p', null, 'hello');
}

function inSuspense(Page: ReturnType<typeof lazyPage>) {
  return createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Page));
}

describe('lazyPage', () => {
  it('renders a preloaded page on its first render, with no frame of its fallback', async () => {
    const Page = lazyPage(() => Promise.resolve({ Hello }), 'Hello');
    await Page.preload();
    render(inSuspense(Page));
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback first when the page was not preloaded', async () => {
    const Page = lazyPage(() => Promise.resolve({ Hello }), 'Hello');
    render(inSuspense(Page));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello')).toBeTruthy();
  });

  it('finds the pages of a path in the route table (none for an unknown one)', () => {
    expect(pagesAt('/about')).toHaveLength(1);
    expect(pagesAt('/no/such/page')).toEqual([]);
  });
});
