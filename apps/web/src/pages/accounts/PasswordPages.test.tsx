/**
 * The three ways to a new password, each asserted by the request sent and what the user sees
 * after: the user centre's change (a wrong current password named on its field, then the change
 * and the log-in dialog), the forgotten-password reset (in Chinese: the code asked for, then the
 * reset), and the forced first password (the dialog that cannot be dismissed).
 */
import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { memberUser } from '../../test/users.ts';

type Call = { url: string; body: unknown };

const NEW_PASSWORD = 'Harbor#Bay27';

const USER = memberUser({ usrNm: 'Kevin Lau', emailAdr: 'kevin.lau@harbourview.example' });

/** The account API: `answers` by path (POST), every POST recorded; the user info as given. */
function stubAccounts(user: TUserInfo | null, answers: Record<string, (body: unknown) => Response>) {
  const posts: Call[] = [];
  let signedIn = user;
  stubPortalApi({
    respond: (url, init) => {
      if (url === '/api/user/p1/detail') return jsonResponse(envelope(signedIn));
      // The log-in dialog that follows loads its picture code; without an answer the error toast
      // would take the success message's place before the test reads it.
      if (url === '/api/user/p1/getVerifyCode') return jsonResponse(envelope(CAPTCHA));
      // The home page behind the dialogs lists opportunities (none here).
      if (url.startsWith('/api/bthw/listPage')) {
        return jsonResponse(envelope({ list: [], total: 0, totalCapped: false, pageNo: 1, pageSize: 8 }));
      }
      if (init.method !== 'POST' || !url.startsWith('/api/user/p1/')) return undefined;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      posts.push({ url, body });
      const answer = answers[url];
      if (!answer) return undefined;
      const response = answer(body);
      // A password change ends the session.
      if (response.ok && url !== '/api/user/p1/getEmailCode') signedIn = null;
      return response;
    },
  });
  return posts;
}

const ok = () => jsonResponse(envelope(null));
const CAPTCHA = { verifyCodeTraceId: 'trace-1', base64Image: 'data:image/svg+xml;base64,PHN2Zy8+' };

async function loginDialogFor(email: string, title = 'Log in') {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' }, { timeout: 8000 });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]') as HTMLElement;
  await waitFor(() => expect((within(dialog).getByLabelText(/E-mail|邮箱/) as HTMLInputElement).value).toBe(email));
  return dialog;
}

describe('/userCenter/modifyPassword', { timeout: 40_000 }, () => {
  it('names a wrong current password on its field, then changes the password and asks to log in again', async () => {
    let attempts = 0;
    const posts = stubAccounts(USER, {
      '/api/user/p1/modifyPwd': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(envelope(null, 'PRT_OLD_PASSWORD_INCORRECT', 'The current password is incorrect.'), 400)
          : ok();
      },
    });
    const { router } = renderApp('/userCenter/modifyPassword');
    const current = await screen.findByLabelText('Current password', {}, { timeout: 8000 });
    fireEvent.change(current, { target: { value: 'Wrong#Pass2026' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: NEW_PASSWORD } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: NEW_PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/user/p1/modifyPwd',
      body: { oPwd: 'Wrong#Pass2026', pwd: NEW_PASSWORD, confirmPwd: NEW_PASSWORD },
    });
    expect(
      await screen.findByText('The current password is incorrect.', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(await screen.findByText('Modify Password failed. The current password is incorrect.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/userCenter/modifyPassword');

    fireEvent.change(current, { target: { value: 'Portal#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]?.body).toEqual({ oPwd: 'Portal#2026', pwd: NEW_PASSWORD, confirmPwd: NEW_PASSWORD });
    expect(await screen.findByText('Modify Password Successfully', {}, { timeout: 8000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    // The log-in dialog opens with the address, and the change-password page is not the page to
    // return to after the log-in.
    await loginDialogFor(USER.emailAdr);
    expect(window.localStorage.getItem('nextPath')).toBeNull();
  });

  it('sends nothing while the new password breaks the policy or the confirmation differs', async () => {
    const posts = stubAccounts(USER, { '/api/user/p1/modifyPwd': ok });
    renderApp('/userCenter/modifyPassword');
    fireEvent.change(await screen.findByLabelText('Current password', {}, { timeout: 8000 }), {
      target: { value: 'Portal#2026' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findAllByText(/./, { selector: '.ant-form-item-explain-error' });
    expect(posts).toEqual([]);
  });
});

describe('/resetPassword', { timeout: 40_000 }, () => {
  it('asks for the code, then resets the password and opens the log-in, in Chinese', async () => {
    await setLocale('zh-CN');
    const posts = stubAccounts(null, {
      '/api/user/p1/getEmailCode': () => jsonResponse(envelope({ resendAfterSeconds: 60 })),
      '/api/user/p1/resetPwd': ok,
    });
    const { router } = renderApp('/resetPassword');
    fireEvent.change(await screen.findByLabelText('工作邮箱', {}, { timeout: 8000 }), {
      target: { value: 'kevin.lau@harbourview.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/user/p1/getEmailCode',
      body: { emailAdr: 'kevin.lau@harbourview.example', emailType: '2' },
    });
    expect(await screen.findByText('邮件已发送，请查收邮箱中的 4 位验证码。')).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('邮箱验证码'), { target: { value: 'K7PM' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: NEW_PASSWORD } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: NEW_PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({
      url: '/api/user/p1/resetPwd',
      body: {
        emailAdr: 'kevin.lau@harbourview.example',
        emailCode: 'K7PM',
        pwd: NEW_PASSWORD,
        confirmPwd: NEW_PASSWORD,
      },
    });
    expect(await screen.findByText('重置密码成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await loginDialogFor('kevin.lau@harbourview.example', '登录');
  });
});

describe('the forced first password', { timeout: 40_000 }, () => {
  it('sets the password from the dialog that cannot be dismissed, then asks to log in with it', async () => {
    const posts = stubAccounts({ ...USER, nfrcModPswdInd: '1' }, { '/api/user/p1/first/modifyPwd': ok });
    renderApp('/home');
    const heading = await screen.findByText('Set a new password', { selector: '.ant-modal-title' }, { timeout: 8000 });
    const dialog = heading.closest<HTMLElement>('[role="dialog"]') as HTMLElement;
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: NEW_PASSWORD } });
    fireEvent.change(within(dialog).getByLabelText('Confirm password'), { target: { value: NEW_PASSWORD } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/user/p1/first/modifyPwd',
      body: { pwd: NEW_PASSWORD, confirmPwd: NEW_PASSWORD },
    });
    expect(await screen.findByText('Modify Password Successfully', {}, { timeout: 8000 })).toBeTruthy();
    await loginDialogFor(USER.emailAdr);
  });
});
