/**
 * The back office's user management: bank staff stop an account or an institution (with the
 * reason the dialog requires) and re-enable it (after the confirmation). Each test asserts the
 * request the page sends and the row the user sees afterwards (the stub keeps the state, so the
 * refreshed list shows the change).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { managedInstitution, managedUser } from '../../features/user-management/test-fixtures.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { type BackofficeCall, stubBackofficeApi } from '../../test/backoffice-api.ts';
import { envelope, jsonResponse } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { STAFF_USER } from '../../test/users.ts';

/**
 * The back office's user-management API over a small state: stop and enable change the status
 * the next list shows.
 */
function stubUserManagement(user = STAFF_USER) {
  const users = [
    managedUser({}),
    managedUser({ lgcSn: 'U3', usrNm: 'Old Hand', emailAdr: 'old.hand@harbourview.example', status: 'stopped' }),
  ];
  const institutions = [
    managedInstitution({
      lgcSn: 'I0',
      name: 'Global Cooperation Bank',
      swiftCode: 'GCBKCNBJ',
      kind: 'bank',
      country: 'CN',
    }),
    managedInstitution({}),
    managedInstitution({
      lgcSn: 'I3',
      name: 'Nordlys Sparebank',
      swiftCode: 'NORDNO22',
      country: 'NO',
      status: 'stopped',
    }),
  ];
  const page = (list: unknown[]) => jsonResponse(envelope({ list, total: list.length, pageNo: 1, pageSize: 10 }));
  const calls = stubBackofficeApi((url, method, _body, init) => {
    if (method === 'GET' && url.startsWith('/api/backend/users?')) return page(users);
    if (method === 'GET' && url.startsWith('/api/backend/institutions?')) return page(institutions);
    if (method === 'POST' && url === '/api/backend/users/invite') return jsonResponse(envelope({ lgcSn: 'U9' }));
    const roles = /^\/api\/backend\/users\/([^/]+)\/roles$/.exec(url);
    if (method === 'POST' && roles) {
      const row = users.find((r) => r.lgcSn === roles[1]);
      if (row) row.rlTpcd = (JSON.parse(String(init.body)) as { rlTpcd: string[] }).rlTpcd;
      return jsonResponse(envelope(null));
    }
    if (method === 'POST' && url === '/api/backend/users/U2/requirePasswordChange') return jsonResponse(envelope(null));
    const action = /^\/api\/backend\/(users|institutions)\/([^/]+)\/(stop|enable)$/.exec(url);
    if (method === 'POST' && action) {
      const rows: { lgcSn: string; status: string }[] = action[1] === 'users' ? users : institutions;
      const row = rows.find((r) => r.lgcSn === action[2]);
      if (!row) return undefined;
      row.status = action[3] === 'stop' ? 'stopped' : 'active';
      return jsonResponse(envelope(null));
    }
    return undefined;
  }, user);
  return { calls };
}

const posts = (calls: BackofficeCall[]) => calls.filter((call) => call.method === 'POST');

async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 8000 });
  return cell.closest('tr') as HTMLElement;
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

/** Confirms the open Popconfirm titled `title` with its `ok` button. */
async function confirmPopover(title: string, ok: string) {
  const heading = await screen.findByText(title);
  const popover = heading.closest<HTMLElement>('.ant-popover') as HTMLElement;
  fireEvent.click(within(popover).getByRole('button', { name: ok }));
}

describe('/backend/institutions', { timeout: 40_000 }, () => {
  it('stops a partner institution with the reason, after the confirmation, and shows it stopped', async () => {
    const { calls } = stubUserManagement();
    renderApp('/backend/institutions');
    const bank = await rowOf('Global Cooperation Bank');
    expect(within(bank).getByText("The Bank's own institution cannot be stopped")).toBeTruthy();
    expect(within(bank).queryByRole('button', { name: /Stop/ })).toBeNull();

    const row = await rowOf('Lakeside Bank');
    fireEvent.click(within(row).getByRole('button', { name: 'Stop the institution Lakeside Bank' }));
    const dialog = await dialogTitled('Stop Lakeside Bank?');
    expect(
      within(dialog).getByText(
        'All users of Lakeside Bank (3 accounts) are logged out at once and cannot log in while the institution is stopped.',
      ),
    ).toBeTruthy();

    // Without a reason nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop institution' }));
    await within(dialog).findByText(/Reason/, { selector: '.ant-form-item-explain-error' });
    expect(posts(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Licence withdrawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop institution' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/institutions/I2/stop',
      method: 'POST',
      body: { reason: 'Licence withdrawn' },
    });
    expect(await screen.findByText('Lakeside Bank has been stopped; its users have been logged out.')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('Lakeside Bank')).getByText('Stopped')).toBeTruthy());
    expect(
      within(await rowOf('Lakeside Bank')).getByRole('button', { name: 'Re-enable the institution Lakeside Bank' }),
    ).toBeTruthy();
  });

  it('re-enables a stopped institution only after the confirmation, in Chinese', async () => {
    await setLocale('zh-CN');
    const { calls } = stubUserManagement();
    renderApp('/backend/institutions');
    const row = await rowOf('Nordlys Sparebank');
    expect(within(row).getByText('已停用')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '重新启用机构Nordlys Sparebank' }));
    expect(await screen.findByText('其用户将可以再次登录（单独停用的账户仍保持停用）。')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await confirmPopover('确定重新启用Nordlys Sparebank吗？', '重新启用');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({ url: '/api/backend/institutions/I3/enable', method: 'POST', body: undefined });
    expect(await screen.findByText('已重新启用Nordlys Sparebank。')).toBeTruthy();
    await waitFor(async () => expect(within(await rowOf('Nordlys Sparebank')).getByText('正常')).toBeTruthy());
  });
});

describe('/backend/users', { timeout: 40_000 }, () => {
  it('stops an account with the reason and shows it stopped', async () => {
    const { calls } = stubUserManagement();
    renderApp('/backend/users');
    const row = await rowOf('kevin.lau@harbourview.example');
    fireEvent.click(within(row).getByRole('button', { name: 'Stop the account of Kevin Lau' }));
    const dialog = await dialogTitled('Stop the account of Kevin Lau?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop account' }));
    await within(dialog).findByText(/Reason/, { selector: '.ant-form-item-explain-error' });
    expect(posts(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Left the bank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop account' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/users/U2/stop',
      method: 'POST',
      body: { reason: 'Left the bank' },
    });
    expect(await screen.findByText('The account of Kevin Lau has been stopped.')).toBeTruthy();
    await waitFor(async () =>
      expect(
        within(await rowOf('kevin.lau@harbourview.example')).getByRole('button', {
          name: 'Re-enable the account of Kevin Lau',
        }),
      ).toBeTruthy(),
    );
  });

  it('requires a new password of an active account after the confirmation; a stopped one offers none', async () => {
    const { calls } = stubUserManagement();
    renderApp('/backend/users');
    const row = await rowOf('kevin.lau@harbourview.example');
    expect(
      within(await rowOf('old.hand@harbourview.example')).queryByRole('button', {
        name: 'Require new password: Old Hand',
      }),
    ).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Require new password: Kevin Lau' }));
    await screen.findByText('Their sessions end now; at the next log-in they must set a new password before going on.');
    expect(posts(calls)).toEqual([]);
    await confirmPopover('Require Kevin Lau to choose a new password?', 'Require');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/users/U2/requirePasswordChange',
      method: 'POST',
      body: undefined,
    });
    expect(await screen.findByText('Kevin Lau must choose a new password at the next log-in.')).toBeTruthy();
  });

  it('re-enables a stopped account after the confirmation', async () => {
    const { calls } = stubUserManagement();
    renderApp('/backend/users');
    const row = await rowOf('old.hand@harbourview.example');
    fireEvent.click(within(row).getByRole('button', { name: 'Re-enable the account of Old Hand' }));
    await screen.findByText(
      'They can log in again. An account stopped for not being used must reset its password first.',
    );
    expect(posts(calls)).toEqual([]);
    await confirmPopover('Re-enable the account of Old Hand?', 'Re-enable');
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({ url: '/api/backend/users/U3/enable', method: 'POST', body: undefined });
    expect(await screen.findByText('The account of Old Hand has been re-enabled.')).toBeTruthy();
    await waitFor(async () =>
      expect(
        within(await rowOf('old.hand@harbourview.example')).getByRole('button', {
          name: 'Stop the account of Old Hand',
        }),
      ).toBeTruthy(),
    );
  });
});

const SYSTEM_ADMIN_USER = { ...STAFF_USER, lgcSn: 'S0', usrNm: 'Sam Admin', rlTpcd: ['50', '99'] };

async function choose(dialog: HTMLElement, label: string, typed: string, option: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value: typed } });
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('/backend/users: the bank onboards its own people', { timeout: 40_000 }, () => {
  it('the system administrator invites bank staff with the branch they serve', async () => {
    const { calls } = stubUserManagement(SYSTEM_ADMIN_USER);
    renderApp('/backend/users');
    await rowOf('kevin.lau@harbourview.example');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await dialogTitled('Invite bank staff or an institution administrator');
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'rita@bank.example' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Rita Review' } });
    await choose(dialog, 'Country/region where they work', 'Hong', 'Hong Kong SAR, China');
    await choose(dialog, 'Branch served', 'Hong', 'Hong Kong Branch');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/users/invite',
      method: 'POST',
      body: {
        kind: 'staff',
        emailAdr: 'rita@bank.example',
        usrNm: 'Rita Review',
        country: 'HK',
        mainContactBranch: 'OS_HONG_KONG',
      },
    });
  });

  it('the system administrator invites a partner institution’s administrator, in Chinese', async () => {
    await setLocale('zh-CN');
    const { calls } = stubUserManagement(SYSTEM_ADMIN_USER);
    renderApp('/backend/users');
    await rowOf('kevin.lau@harbourview.example');
    fireEvent.click(screen.getByRole('button', { name: '邀请' }));
    const dialog = await dialogTitled('邀请行内员工或机构管理员');
    fireEvent.click(within(dialog).getByLabelText('合作机构管理员'));
    fireEvent.change(within(dialog).getByLabelText('邮箱'), { target: { value: 'chief@lakeside.example' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: 'Lena Lake' } });
    await choose(dialog, '工作所在国家/地区', '英国', '英国');
    // Only partner institutions are offered (not the bank itself).
    await choose(dialog, '机构', 'Lake', 'Lakeside Bank (LKSBGB2L)');
    expect(
      screen.queryByText('Global Cooperation Bank (GCBKCNBJ)', { selector: '.ant-select-item-option-content' }),
    ).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '发送邀请' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      kind: 'institutionAdmin',
      emailAdr: 'chief@lakeside.example',
      usrNm: 'Lena Lake',
      country: 'GB',
      institution: 'I2',
    });
  });

  it('offers the invitation to the system administrator only', async () => {
    stubUserManagement();
    renderApp('/backend/users');
    await rowOf('kevin.lau@harbourview.example');
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
  });

  it('changes a user’s roles, in Chinese, and says the user is logged out', async () => {
    await setLocale('zh-CN');
    const { calls } = stubUserManagement();
    renderApp('/backend/users');
    const row = await rowOf('kevin.lau@harbourview.example');
    fireEvent.click(within(row).getByRole('button', { name: '角色：Kevin Lau' }));
    const dialog = await dialogTitled('Kevin Lau的角色');
    fireEvent.click(within(dialog).getByLabelText('机构管理员'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存角色' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]).toEqual({
      url: '/api/backend/users/U2/roles',
      method: 'POST',
      body: { rlTpcd: ['10', '20'] },
    });
    expect(await screen.findByText('已变更Kevin Lau的角色，其已被登出。')).toBeTruthy();
  });
});
