import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { memberUser } from '../../test/users.ts';

const CAPTCHA = { verifyCodeTraceId: 'trace-1', base64Image: 'data:image/svg+xml;base64,PHN2Zy8+' };

const user = memberUser;

/** The server for a visitor who then logs in as `signedIn`. */
function stubLogin(signedIn: TUserInfo, firstLogin = false, banners: unknown[] = []) {
  const bodies: unknown[] = [];
  const fetchMock = stubPortalApi({
    respond: (url, init) => {
      if (banners.length && url.startsWith('/api/bannerP1/bannerListForP1'))
        return jsonResponse(envelope({ list: banners }));
      if (url === '/api/user/p1/getVerifyCode') return jsonResponse(envelope(CAPTCHA));
      if (url === '/api/user/p1/queryLoginEmailFlag') return jsonResponse(envelope({ flag: '0' }));
      if (url === '/api/user/p1/login') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(envelope({ ...signedIn, firstLogin }));
      }
      return undefined;
    },
  });
  return { fetchMock, bodies };
}

/**
 * A dialog by its title. (Under test, antd gives every dialog the same `aria-labelledby` id, so
 * the accessible name cannot tell two open dialogs apart.)
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

async function logIn() {
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'Amy.Chan@harbourview.example' } });
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Portal#2026' } });
  fireEvent.change(within(dialog).getByLabelText('Picture code'), { target: { value: 'k7PQ' } });
  await within(dialog).findByRole('img', { name: /Picture code/ });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
}

/** The header's "Log in" (the home page has log-in buttons of its own too). */
async function headerLogInButton() {
  const header = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.portal-header');
    if (!element) throw new Error('no portal header yet');
    return element;
  });
  return within(header).findByRole('button', { name: 'Log in' });
}

describe('route guard with the user info', () => {
  it('sends a visitor from a login-only page home, remembers it and opens the login dialog', async () => {
    stubLogin(user());
    const { router } = renderApp('/userCenter/userInfo?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(readStorage(STORAGE_KEYS.nextPath)).toBe('/userCenter/userInfo?tab=1');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByRole('status').textContent).toBe('Log in to open Account information.');
  });

  it('names the page that needs the log-in in the dialog, in either language', async () => {
    stubLogin(user());
    const { router } = renderApp('/release');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByRole('status').textContent).toBe('Log in to open Business Opportunities.');
    await act(() => setLocale('zh-CN'));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('登录后即可访问「合作商机」。'));
  });

  it('gives no reason when the visitor pressed “Log in” themselves', async () => {
    stubLogin(user());
    renderApp('/home');
    fireEvent.click(await headerLogInButton());
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('sends a signed-in user under review to /UnderReview', async () => {
    stubPortalApi({ user: user({ actvtInd: '5' }) });
    const { router } = renderApp('/userCenter/userInfo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/UnderReview'));
    expect(await screen.findByText('Under review')).toBeTruthy();
  });

  it('shows /403 to a signed-in user without role 50 in the back office', async () => {
    stubPortalApi({ user: user() });
    const { router } = renderApp('/backend/registrations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });

  it('redirects /userCenter to its first tab', async () => {
    stubPortalApi({
      user: user(),
      respond: (url) =>
        url === '/api/user/p1/accountInfo' ? jsonResponse(envelope({ user: user(), profile: {} })) : undefined,
    });
    const { router } = renderApp('/userCenter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/userCenter/userInfo'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account information' })).toBeTruthy();
  });
});

describe('the home page’s greeting after a log-in', () => {
  it.each([
    [true, 'Welcome to the portal. These shortcuts take you to the places you will use most.', 'Welcome back'],
    [false, 'Welcome back. Here is where you left off.', 'Welcome to the portal'],
  ])('is for a newcomer only after the account’s first log-in ever (first: %s)', async (first, line, notShown) => {
    stubLogin(user(), first);
    renderApp('/home');
    fireEvent.click(await headerLogInButton());
    await logIn();
    const card = await screen.findByRole('complementary', { name: 'Hello, Amy Chan' });
    expect(within(card).getByText(line)).toBeTruthy();
    expect(card.textContent).not.toContain(notShown);
  });
});

describe('a visitor’s banner to a login-only page', () => {
  it('asks for the log-in in this tab, over the home page, and goes on to the page after it', async () => {
    const banner = {
      lgcSn: 'B1',
      title: { en: 'Complete your account information', zh: '完善账户信息' },
      fileJSON: [],
      imageUrl: null,
      wthrChkInd: '0',
      linksUrl: '/userCenter/userInfo',
      qtnMisId: null,
      sortOrder: 1,
    };
    stubLogin(user(), false, [banner]);
    const opened: unknown[] = [];
    const open = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      const { router } = renderApp('/home');
      fireEvent.click(await screen.findByRole('link', { name: /Complete your account information/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Log in' });
      expect(within(dialog).getByRole('status').textContent).toBe('Log in to open Account information.');
      expect(router.state.location.pathname).toBe('/home');
      expect(readStorage(STORAGE_KEYS.nextPath)).toBe('/userCenter/userInfo');
      await logIn();
      await waitFor(() => expect(router.state.location.pathname).toBe('/userCenter/userInfo'));
      expect(opened).toEqual([]);
    } finally {
      window.open = open;
    }
  });
});

describe('a session that ended (SPEC §8)', () => {
  it('on a login-only page: the log-in dialog opens and logging in again returns to that page', async () => {
    // The user-info reads sent with the ended session's cookie say so (two: the page asks twice
    // before the first answer, which drops the cookie); later reads are a visitor's.
    let ended = 2;
    stubPortalApi({
      respond: (url) => {
        if (url === '/api/user/p1/detail' && ended > 0) {
          ended -= 1;
          return jsonResponse(envelope(null, 'YBLSYSTE0005', 'Your session has expired. Please log in again.'), 401);
        }
        if (url === '/api/user/p1/getVerifyCode') return jsonResponse(envelope(CAPTCHA));
        if (url === '/api/user/p1/queryLoginEmailFlag') return jsonResponse(envelope({ flag: '0' }));
        if (url === '/api/user/p1/login') return jsonResponse(envelope({ ...user(), firstLogin: false }));
        return undefined;
      },
    });
    const { router } = renderApp('/userCenter/userInfo?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByRole('dialog', { name: 'Log in' });
    expect(readStorage(STORAGE_KEYS.nextPath)).toBe('/userCenter/userInfo?tab=1');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/userCenter/userInfo'));
    expect(router.state.location.search).toBe('?tab=1');
  });
});

describe('login and what follows (SPEC §4)', () => {
  it('logs in with the picture code, says so and returns to the remembered page', async () => {
    const { bodies } = stubLogin(user());
    writeStorage(STORAGE_KEYS.nextPath, '/UnderReview?from=mail');
    const { router } = renderApp('/home');
    fireEvent.click(await headerLogInButton());
    await logIn();

    await waitFor(() => expect(router.state.location.pathname).toBe('/UnderReview'));
    expect(router.state.location.search).toBe('?from=mail');
    expect(await screen.findByText('Login Successfully')).toBeTruthy();
    expect(bodies).toEqual([
      {
        emailAdr: 'amy.chan@harbourview.example',
        pwd: 'Portal#2026',
        verifyCode: 'k7PQ',
        verifyCodeTraceId: 'trace-1',
      },
    ]);
    expect(readStorage(STORAGE_KEYS.nextPath)).toBeNull();
    expect(JSON.parse(readStorage(STORAGE_KEYS.userInfo) ?? '{}')).toEqual({ usrNm: 'Amy Chan', locale: 'en-US' });
    expect(await screen.findByRole('button', { name: /Amy Chan/ })).toBeTruthy();
  });

  it('on a browser new to the account, asks for the log-in code with the password and picture code', async () => {
    const codeRequests: unknown[] = [];
    const logins: unknown[] = [];
    let pictures = 0;
    stubPortalApi({
      respond: (url, init) => {
        if (url === '/api/user/p1/getVerifyCode') {
          pictures += 1;
          return jsonResponse(envelope({ ...CAPTCHA, verifyCodeTraceId: `trace-${pictures}` }));
        }
        if (url === '/api/user/p1/queryLoginEmailFlag') return jsonResponse(envelope({ flag: '1' }));
        if (url === '/api/user/p1/getEmailCode') {
          codeRequests.push(JSON.parse(String(init.body)));
          return jsonResponse(envelope({ resendAfterSeconds: 60 }));
        }
        if (url === '/api/user/p1/login') {
          logins.push(JSON.parse(String(init.body)));
          return jsonResponse(envelope({ ...user(), firstLogin: false }));
        }
        return undefined;
      },
    });
    renderApp('/home');
    fireEvent.click(await headerLogInButton());
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await within(dialog).findByRole('img', { name: /Picture code/ });
    const email = within(dialog).getByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'amy.chan@harbourview.example' } });
    fireEvent.blur(email);
    const sendCode = await within(dialog).findByRole('button', { name: 'Send code' });

    // Without the password and picture code nothing is sent: the form says what is missing.
    fireEvent.click(sendCode);
    await waitFor(() => expect(dialog.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    expect(codeRequests).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Portal#2026' } });
    fireEvent.change(within(dialog).getByLabelText('Picture code'), { target: { value: 'k7PQ' } });
    fireEvent.click(sendCode);
    await waitFor(() =>
      expect(codeRequests).toEqual([
        {
          emailAdr: 'amy.chan@harbourview.example',
          emailType: '3',
          pwd: 'Portal#2026',
          verifyCode: 'k7PQ',
          verifyCodeTraceId: 'trace-1',
        },
      ]),
    );
    // That picture code is used up: the field is cleared and a new picture is fetched.
    await waitFor(() => expect(pictures).toBe(2));
    expect((within(dialog).getByLabelText('Picture code') as HTMLInputElement).value).toBe('');

    fireEvent.change(within(dialog).getByLabelText('Picture code'), { target: { value: 'm4RT' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail verification code'), { target: { value: 'AB3K' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(logins).toEqual([
        {
          emailAdr: 'amy.chan@harbourview.example',
          pwd: 'Portal#2026',
          verifyCode: 'm4RT',
          verifyCodeTraceId: 'trace-2',
          emailCode: 'AB3K',
        },
      ]),
    );
  });

  it('opens the agreement dialog for a user who has not accepted it', async () => {
    stubLogin(user({ agrInd: '0' }));
    renderApp('/home');
    fireEvent.click(await headerLogInButton());
    await logIn();
    const dialog = await dialogTitled('User Agreement and Personal Information Protection Policy');
    const agree = within(dialog).getByRole('button', { name: 'Agree' });
    expect(agree.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    expect(agree.hasAttribute('disabled')).toBe(false);
  });

  it('sends a rejected user to the registration form in refill mode', async () => {
    stubLogin(user({ actvtInd: '7', reviewNote: 'The SWIFT code does not match the institution.' }));
    const { router } = renderApp('/home');
    fireEvent.click(await headerLogInButton());
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByText(/Your application was not approved\. Please read the note/)).toBeTruthy();
  });

  it('opens the set-password dialog on a forced password change', async () => {
    stubLogin(user({ nfrcModPswdInd: '1' }));
    renderApp('/home');
    fireEvent.click(await headerLogInButton());
    await logIn();
    expect(await dialogTitled('Set a new password')).toBeTruthy();
  });
});

describe('on page load with a session (SPEC §4)', () => {
  it('opens the agreement dialog for a user whose agrInd is 0 (a new version was published)', async () => {
    stubPortalApi({
      user: user({ agrInd: '0' }),
      respond: (url) =>
        url === '/api/user/p1/agreement/version'
          ? jsonResponse(envelope({ version: '2.0', effectiveDate: '2026-12-01', publishedAt: '2026-11-27T00:00:00Z' }))
          : undefined,
    });
    renderApp('/userCenter/userInfo');
    const dialog = await dialogTitled('User Agreement and Personal Information Protection Policy');
    expect(within(dialog).getByRole('button', { name: 'Agree' })).toBeTruthy();
    // It names the version the user accepts.
    expect(await within(dialog).findByText('Version 2.0, effective from 2026-12-01')).toBeTruthy();
  });

  it('opens the set-password dialog for a user whose nfrcModPswdInd is 1 (required by the bank)', async () => {
    stubPortalApi({ user: user({ nfrcModPswdInd: '1' }) });
    renderApp('/userCenter/userInfo');
    expect(await dialogTitled('Set a new password')).toBeTruthy();
  });
});

describe('header account action', () => {
  it('offers the back office to bank staff only', async () => {
    stubPortalApi({ user: user({ usrNm: 'Chen Jing', rlTpcd: ['50'] }) });
    renderApp('/home');
    fireEvent.click(await screen.findByRole('button', { name: /Chen Jing/ }));
    expect(await screen.findByRole('menuitem', { name: 'Back-office management' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'User centre' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('has no back-office entry for other users', async () => {
    stubPortalApi({ user: user() });
    renderApp('/home');
    fireEvent.click(await screen.findByRole('button', { name: /Amy Chan/ }));
    await screen.findByRole('menuitem', { name: 'User centre' });
    expect(screen.queryByRole('menuitem', { name: 'Back-office management' })).toBeNull();
  });
});

describe('log-out (SPEC §4)', () => {
  it('from a login-only page: goes home with no log-in dialog and forgets the page to return to', async () => {
    let loggedOut = false;
    stubPortalApi({
      user: user(),
      respond: (url) => {
        if (url === '/api/user/p1/logout') {
          loggedOut = true;
          return jsonResponse(envelope(null));
        }
        if (url === '/api/user/p1/detail' && loggedOut) return jsonResponse(envelope(null));
        return undefined;
      },
    });
    writeStorage(STORAGE_KEYS.nextPath, '/userCenter/myCooperation');
    const { router } = renderApp('/userCenter/userInfo');
    fireEvent.click(await screen.findByRole('button', { name: /Amy Chan/ }, { timeout: 8_000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Logout Successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await headerLogInButton();
    // Long enough for a guard that fired on the page being left to have opened its dialog.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
    expect(readStorage(STORAGE_KEYS.nextPath)).toBeNull();
    expect(loggedOut).toBe(true);
  });
});
