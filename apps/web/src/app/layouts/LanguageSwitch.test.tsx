import { QueryObserver } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStorage, STORAGE_KEYS } from '../../lib/storage.ts';
import { stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { RELOAD_ON_LOCALE_CHANGE } from '../providers/query-client.ts';

describe('language switch', () => {
  it('re-renders menu, footer and title in Chinese, and keeps the choice', async () => {
    stubPortalApi();
    renderApp('/home');
    await waitFor(() => expect(document.title).toBe('Home | Interbank Cooperation Portal'));
    expect(await screen.findByTestId('footer-copyright')).toBeTruthy();

    const switcher = screen.getByRole('group', { name: 'Language' });
    expect(within(switcher).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(switcher).getByRole('button', { name: '中文' }));

    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '合作商机' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 | 同业合作平台'));
    expect(screen.getByRole('heading', { name: '联系我们' })).toBeTruthy();
    expect(screen.getByTestId('footer-copyright').textContent).toBe('© 2026 环球合作银行 版权所有');
    expect(screen.getByRole('link', { name: /亚洲金融合作协会/ }).getAttribute('href')).toBe(
      'https://www.afca-asia.org/',
    );
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(readStorage(STORAGE_KEYS.locale)).toBe('zh-CN');
    expect(
      within(screen.getByRole('group', { name: '语言' }))
        .getByRole('button', { name: '中文' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('reloads the queries marked to follow the language', async () => {
    stubPortalApi();
    const { queryClient } = renderApp('/home');
    const userInfo = vi.fn(async () => ({ usrNm: 'Ann' }));
    const fixed = vi.fn(async () => 1);
    // Subscribed observers stand for mounted components using the queries.
    const unsubscribe = [
      new QueryObserver(queryClient, { queryKey: ['user-info'], queryFn: userInfo, meta: RELOAD_ON_LOCALE_CHANGE }),
      new QueryObserver(queryClient, { queryKey: ['fixed'], queryFn: fixed }),
    ].map((observer) => observer.subscribe(() => {}));
    await waitFor(() => expect(userInfo).toHaveBeenCalledTimes(1));

    fireEvent.click(await screen.findByRole('button', { name: '中文' }));
    await waitFor(() => expect(userInfo).toHaveBeenCalledTimes(2));
    expect(fixed).toHaveBeenCalledTimes(1);
    for (const stop of unsubscribe) stop();
  });
});
