import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadChunk } from './lazy-page.ts';
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
