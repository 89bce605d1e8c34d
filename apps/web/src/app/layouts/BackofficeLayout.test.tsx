import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { phoneWindow } from '../../test/phone-window.ts';
import { renderApp } from '../../test/render-app.tsx';
import { STAFF_USER } from '../../test/users.ts';

/** A member of staff; every back-office list answers empty. */
function stubBackoffice() {
  stubPortalApi({
    user: STAFF_USER,
    respond: (url) =>
      url.startsWith('/api/backend/')
        ? jsonResponse(envelope({ list: [], total: 0, pageNo: 1, pageSize: 10 }))
        : undefined,
  });
}

/** The back office's top bar (the pages have header elements of their own). */
function backofficeBar(): HTMLElement {
  const bar = document.querySelector<HTMLElement>('.backoffice__bar');
  if (!bar) throw new Error('no back-office bar yet');
  return bar;
}

describe('back-office layout', () => {
  it('on a wide screen: the menu on the left, the staff member, the way back and log-out in the bar', async () => {
    stubBackoffice();
    renderApp('/backend/audit');
    const nav = await screen.findByRole('navigation', { name: 'Back-office menu' });
    expect(within(nav).getByRole('link', { name: 'Audit log' }).classList.contains('is-active')).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Registration review' }).getAttribute('href')).toBe(
      '/backend/registrations',
    );
    expect(screen.getByText('Portal content')).toBeTruthy();
    const bar = backofficeBar();
    expect(await within(bar).findByText('Wei Zhang')).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Back to the portal' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('on a phone: a Menu button opens the same menu in a drawer, which following a link closes', {
    timeout: 20_000,
  }, async () => {
    phoneWindow(vi);
    stubBackoffice();
    const { router } = renderApp('/backend/audit');
    const bar = await waitFor(backofficeBar);
    const toggle = await within(bar).findByRole('button', { name: 'Menu' });
    // No menu column and no room in the bar for the staff member, the way back or log-out.
    expect(screen.queryByRole('navigation', { name: 'Back-office menu' })).toBeNull();
    expect(within(bar).queryByText('Wei Zhang')).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBeNull();

    fireEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: 'Back-office menu' });
    const nav = await within(drawer).findByRole('navigation', { name: 'Back-office menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(within(nav).getByRole('link', { name: 'Audit log' }).classList.contains('is-active')).toBe(true);
    expect(within(nav).getByText('Portal content')).toBeTruthy();
    expect(within(drawer).getByText('Wei Zhang')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Back to the portal' }).getAttribute('href')).toBe('/home');
    expect(within(drawer).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toBeTruthy();

    fireEvent.click(within(nav).getByRole('link', { name: 'Accounts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backend/users'));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    // The drawer goes once its closing animation has run (destroyOnHidden).
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Back-office menu' })).toBeNull());

    // Opened again, it marks the new page; Escape closes it.
    fireEvent.click(toggle);
    const again = await screen.findByRole('navigation', { name: 'Back-office menu' });
    // (Once the accounts page has loaded: until then the navigation is a pending transition.)
    await waitFor(() =>
      expect(within(again).getByRole('link', { name: 'Accounts' }).classList.contains('is-active')).toBe(true),
    );
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
  });

  it('on a phone in Chinese: the button and the drawer speak Chinese', { timeout: 20_000 }, async () => {
    phoneWindow(vi);
    stubBackoffice();
    await setLocale('zh-CN');
    renderApp('/backend/audit');
    const toggle = await screen.findByRole('button', { name: '菜单' }, { timeout: 8_000 });
    fireEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: '后台菜单' });
    const nav = await within(drawer).findByRole('navigation', { name: '后台菜单' });
    expect(within(nav).getByRole('link', { name: '审计日志' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '返回门户' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '退出登录' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '关闭菜单' })).toBeTruthy();
  });
});
