import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubFetch } from '../../test/fetch-mock.ts';
import { fetchUncommonCharSession, UncommonCharHost } from './UncommonCharHost.tsx';

describe('UncommonCharHost', () => {
  it('asks for nothing in English, and once when the page turns Chinese', async () => {
    const fetchSession = vi.fn(async () => null);
    render(<UncommonCharHost fetchSession={fetchSession} />);
    expect(fetchSession).not.toHaveBeenCalled();
    await act(async () => {
      await setLocale('zh-CN');
    });
    expect(fetchSession).toHaveBeenCalledTimes(1);
    await act(async () => {
      await setLocale('en-US');
      await setLocale('zh-CN');
    });
    expect(fetchSession).toHaveBeenCalledTimes(1);
  });

  it('reads the token call without a toast; a 404 (not configured) rejects quietly', async () => {
    stubFetch(() => jsonResponse(envelope(null, 'PRT_NOT_FOUND', 'Not found'), 404));
    const toasts: unknown[] = [];
    const { setToastHandler } = await import('../../lib/notify.ts');
    setToastHandler((toast) => toasts.push(toast));
    await expect(fetchUncommonCharSession()).rejects.toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('returns the session the server answers', async () => {
    const session = { tid: 'T', token: 'K', scripts: ['https://rare.example/a.js', 'https://rare.example/b.js'] };
    stubFetch(() => jsonResponse(envelope(session)));
    await expect(fetchUncommonCharSession()).resolves.toEqual(session);
  });
});
