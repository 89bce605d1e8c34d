import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { managedUser } from '../../features/user-management/test-fixtures.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { memberUser } from '../../test/users.ts';

const signedIn = (roles: string[]) => memberUser({ rlTpcd: roles });

const USERS = [
  managedUser({ lgcSn: 'U1', usrNm: 'Amy Chan', emailAdr: 'amy.chan@harbourview.example', rlTpcd: ['10', '20'] }),
  managedUser({}),
  managedUser({
    lgcSn: 'U3',
    usrNm: 'New Colleague',
    emailAdr: 'new.colleague@harbourview.example',
    actvtInd: '6',
    invitationPending: true,
  }),
  managedUser({
    lgcSn: 'U4',
    usrNm: 'Old Hand',
    emailAdr: 'old.hand@harbourview.example',
    status: 'stopped',
    stoppedReason: 'dormant',
  }),
];

/** The table row of Kevin Lau, once the list has arrived (role queries on the whole page are slow). */
async function kevinRow(): Promise<HTMLElement> {
  const cell = await screen.findByText('kevin.lau@harbourview.example', {}, { timeout: 5000 });
  return cell.closest('tr') as HTMLElement;
}

function stubAdminApi(roles: string[], posted: string[] = []) {
  const requests: string[] = [];
  stubPortalApi({
    user: signedIn(roles),
    respond: (url, init) => {
      requests.push(url);
      if (init.method === 'POST' && url.endsWith('/make-admin')) {
        posted.push(url);
        return jsonResponse(envelope(null));
      }
      if (url.startsWith('/api/user/p1/institution/users?')) {
        return jsonResponse(envelope({ list: USERS, total: USERS.length, pageNo: 1, pageSize: 10 }));
      }
      return undefined;
    },
  });
  return requests;
}

describe('/userCenter/institutionUsers', () => {
  // The first render loads the user centre's lazy chunks, and role queries walk the whole antd
  // table: 20 s was not enough on a slow 2-core machine (24 s seen).
  it('lists the institution’s users with what each row allows', { timeout: 60_000 }, async () => {
    const requests = stubAdminApi(['10', '20']);
    renderApp('/userCenter/institutionUsers?status=active&q=kev');
    await kevinRow();
    expect(document.querySelector('h1')?.textContent).toBe('Institution users');
    // The filters in the address reach the server.
    expect(requests.some((url) => url.includes('status=active') && url.includes('q=kev'))).toBe(true);

    // The menu shows the tab to an administrator.
    const menu = screen.getByRole('navigation', { name: 'User centre' });
    expect(within(menu).getByRole('link', { name: 'Institution users' })).toBeTruthy();

    const row = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;
    // Own account: edit only.
    expect(within(row('amy.chan@harbourview.example')).getByText('Your own account')).toBeTruthy();
    expect(within(row('amy.chan@harbourview.example')).queryByRole('button', { name: /Stop/ })).toBeNull();
    // A general user: edit, stop, delete.
    expect(within(row('kevin.lau@harbourview.example')).getByRole('button', { name: 'Edit Kevin Lau' })).toBeTruthy();
    expect(within(row('kevin.lau@harbourview.example')).getByRole('button', { name: 'Delete Kevin Lau' })).toBeTruthy();
    // Invited, not accepted: edit is unavailable and says why.
    const pending = within(row('new.colleague@harbourview.example'));
    expect(pending.getByText('Invitation pending')).toBeTruthy();
    const edit = pending.getByRole('button', { name: /Edit New Colleague: Can be edited once the invitation/ });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
    // Stopped for dormancy: re-enable, and the reason.
    const stopped = within(row('old.hand@harbourview.example'));
    expect(stopped.getByText('Not used for 24 months')).toBeTruthy();
    expect(stopped.getByRole('button', { name: 'Re-enable the account of Old Hand' })).toBeTruthy();
  });

  it('asks for a confirmation before deleting, saying it cannot be undone', async () => {
    stubAdminApi(['10', '20']);
    renderApp('/userCenter/institutionUsers');
    const opener = within(await kevinRow()).getByRole('button', { name: 'Delete Kevin Lau' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete account' })).toBeTruthy();
    // Cancelled, the dialog leaves the page and the focus goes back to the row's button.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('requires a reason to stop a user', async () => {
    stubAdminApi(['10', '20']);
    renderApp('/userCenter/institutionUsers');
    fireEvent.click(within(await kevinRow()).getByRole('button', { name: 'Stop the account of Kevin Lau' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop account' }));
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-explain-error')?.textContent).toBeTruthy());
  });

  it('makes a general user an administrator after the confirmation, in both languages', async () => {
    const posted: string[] = [];
    stubAdminApi(['10', '20'], posted);
    renderApp('/userCenter/institutionUsers');
    fireEvent.click(within(await kevinRow()).getByRole('button', { name: 'Make administrator: Kevin Lau' }));
    const heading = await screen.findByText('Make Kevin Lau an administrator?');
    expect(posted).toEqual([]);
    const popover = heading.closest<HTMLElement>('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Make administrator' }));
    await waitFor(() => expect(posted).toEqual(['/api/user/p1/institution/users/U2/make-admin']));
    expect(await screen.findByText('Kevin Lau is now an administrator of the institution.')).toBeTruthy();
    // An administrator already (Amy, the viewer) offers no such button.
    const amy = screen.getByText('amy.chan@harbourview.example').closest('tr') as HTMLElement;
    expect(within(amy).queryByRole('button', { name: /administrator/ })).toBeNull();

    await setLocale('zh-CN');
    expect(await within(await kevinRow()).findByRole('button', { name: '设为管理员：Kevin Lau' })).toBeTruthy();
  });

  it('is neither in the menu nor open for a general user', async () => {
    stubAdminApi(['10']);
    const { router } = renderApp('/userCenter/institutionUsers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    await router.navigate('/userCenter/userInfo');
    const menu = await screen.findByRole('navigation', { name: 'User centre' });
    expect(within(menu).queryByRole('link', { name: 'Institution users' })).toBeNull();
  });
});
