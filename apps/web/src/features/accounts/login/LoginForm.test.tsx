/**
 * A refused log-in is said in the dialog, next to the field concerned (or above the form), in the
 * reader's language; the field takes the focus; what was typed stays, except the used-up picture
 * code. The server's answers are its real envelopes: code, HTTP status and message.
 */
import { ERROR_STATUS, type ErrorCode } from '@portal/shared';
import { type Locale, translate } from '@portal/shared/i18n';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n/locale.ts';
import { setToastHandler, type Toast } from '../../../lib/notify.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../../test/fetch-mock.ts';
import { LoginDialog } from './LoginDialog.tsx';

/** The server's refusal, as its error handler sends it in `locale`. */
function refusal(code: ErrorCode, locale: Locale, params?: Record<string, number>) {
  return jsonResponse(envelope(null, code, translate(locale, `errors.${code}`, params)), ERROR_STATUS[code]);
}

type Answer = (locale: Locale) => Response;

/** The server: pictures numbered from 1, the pre-check's flag, and the log-in's (and code request's) answers in turn. */
function stubServer({ login, flag = '0', emailCode }: { login: Answer[]; flag?: '0' | '1'; emailCode?: Answer }) {
  let pictures = 0;
  const logins: Record<string, unknown>[] = [];
  stubPortalApi({
    respond: (url, init) => {
      const locale = (new Headers(init.headers).get('lang') ?? 'en-US') as Locale;
      if (url === '/api/user/p1/getVerifyCode') {
        pictures += 1;
        return jsonResponse(
          envelope({ verifyCodeTraceId: `trace-${pictures}`, base64Image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
        );
      }
      if (url === '/api/user/p1/queryLoginEmailFlag') return jsonResponse(envelope({ flag }));
      if (url === '/api/user/p1/getEmailCode' && emailCode) return emailCode(locale);
      if (url === '/api/user/p1/login') {
        logins.push(JSON.parse(String(init.body)));
        const answer = login[logins.length - 1];
        if (!answer) throw new Error('no answer for this log-in');
        return answer(locale);
      }
      return undefined;
    },
  });
  return { logins, pictures: () => pictures };
}

const toasts: Toast[] = [];
let stopToasts: (() => void) | null = null;
afterEach(() => {
  stopToasts?.();
  toasts.length = 0;
});

async function openDialog(texts: { title: string; picture: RegExp }) {
  stopToasts = setToastHandler((toast) => toasts.push(toast));
  render(
    <MemoryRouter>
      <LoginDialog open onClose={() => {}} onLoggedIn={() => {}} />
    </MemoryRouter>,
  );
  const dialog = await screen.findByRole('dialog', { name: texts.title });
  await within(dialog).findByRole('img', { name: texts.picture });
  return dialog;
}

function field(dialog: HTMLElement, label: string): HTMLInputElement {
  return within(dialog).getByLabelText(label, { exact: true }) as HTMLInputElement;
}

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(dialog, label), { target: { value } });
}

/** The field's error: shown in its own form item and read with it (aria-describedby). */
function errorOf(input: HTMLInputElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  const shown = input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
  expect(described).toContain(shown);
  return shown;
}

const EN = { title: 'Log in', picture: /Picture code/ };

describe('a refused log-in, in the log-in dialog', { timeout: 30_000 }, () => {
  it('wrong password: said under the password, which takes the focus; the e-mail and password stay', async () => {
    const server = stubServer({ login: [(locale) => refusal('PRT_LOGIN_FAILED', locale)] });
    const dialog = await openDialog(EN);
    fill(dialog, { 'E-mail': 'amy.chan@harbourview.example', Password: 'Wrong#2026', 'Picture code': 'k7PQ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    const password = field(dialog, 'Password');
    await waitFor(() => expect(errorOf(password)).toBe('The e-mail or password is incorrect.'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(field(dialog, 'E-mail').value).toBe('amy.chan@harbourview.example');
    expect(password.value).toBe('Wrong#2026');
    // The try used the picture code up: cleared, with a new picture.
    expect(field(dialog, 'Picture code').value).toBe('');
    await waitFor(() => expect(server.pictures()).toBe(2));
    // Said once, in the dialog: no toast besides.
    expect(toasts).toEqual([]);
    expect(server.logins).toHaveLength(1);
  });

  it('wrong picture code, in Chinese: said under the picture code, which takes the focus', async () => {
    await act(() => setLocale('zh-CN'));
    stubServer({ login: [(locale) => refusal('PRT_CAPTCHA_INCORRECT', locale)] });
    const dialog = await openDialog({ title: '登录', picture: /图形验证码/ });
    fill(dialog, { 邮箱: 'amy.chan@harbourview.example', 密码: 'Portal#2026', 图形验证码: 'zzzz' });
    fireEvent.click(within(dialog).getByRole('button', { name: '登 录' }));

    const picture = field(dialog, '图形验证码');
    await waitFor(() => expect(errorOf(picture)).toBe('图形验证码错误或已过期，请输入新的验证码。'));
    expect(picture.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(picture));
    expect(picture.value).toBe('');
    expect(field(dialog, '密码').value).toBe('Portal#2026');
    expect(toasts).toEqual([]);
  });

  it('wrong e-mailed code: said under the e-mail code, which keeps what was typed and takes the focus', async () => {
    const server = stubServer({ flag: '1', login: [(locale) => refusal('PRT_CODE_INCORRECT', locale)] });
    const dialog = await openDialog(EN);
    fireEvent.change(field(dialog, 'E-mail'), { target: { value: 'amy.chan@harbourview.example' } });
    fireEvent.blur(field(dialog, 'E-mail'));
    await within(dialog).findByRole('button', { name: 'Send code' });
    fill(dialog, { Password: 'Portal#2026', 'Picture code': 'k7PQ', 'E-mail verification code': 'AB3X' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    const code = field(dialog, 'E-mail verification code');
    await waitFor(() => expect(errorOf(code)).toBe('The verification code is incorrect.'));
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.value).toBe('AB3X');
    expect(field(dialog, 'Password').value).toBe('Portal#2026');
    expect(field(dialog, 'Picture code').value).toBe('');
    expect(server.logins[0]).toMatchObject({ emailCode: 'AB3X' });
    expect(toasts).toEqual([]);
  });

  it('an e-mail code the server asks for: the field appears with the request and takes the focus', async () => {
    // Logged in before the address's pre-check (on leaving the field) had answered.
    stubServer({ flag: '1', login: [(locale) => refusal('PRT_EMAIL_CODE_REQUIRED', locale)] });
    const dialog = await openDialog(EN);
    fill(dialog, { 'E-mail': 'amy.chan@harbourview.example', Password: 'Portal#2026', 'Picture code': 'k7PQ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    const code = await within(dialog).findByLabelText('E-mail verification code', { exact: true });
    await waitFor(() =>
      expect(errorOf(code as HTMLInputElement)).toBe('Please enter the code we sent to your e-mail.'),
    );
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('a wrong password for the log-in code request: said under the password too', async () => {
    stubServer({ flag: '1', login: [], emailCode: (locale) => refusal('PRT_LOGIN_FAILED', locale) });
    const dialog = await openDialog(EN);
    fireEvent.change(field(dialog, 'E-mail'), { target: { value: 'amy.chan@harbourview.example' } });
    fireEvent.blur(field(dialog, 'E-mail'));
    const send = await within(dialog).findByRole('button', { name: 'Send code' });
    fill(dialog, { Password: 'Wrong#2026', 'Picture code': 'k7PQ' });
    fireEvent.click(send);

    const password = field(dialog, 'Password');
    await waitFor(() => expect(errorOf(password)).toBe('The e-mail or password is incorrect.'));
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(toasts).toEqual([]);
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`a browser made to wait (${locale}): said above the form, as an alert, with the minutes to wait`, async () => {
      await act(() => setLocale(locale));
      stubServer({ login: [(answer) => refusal('PRT_ACCOUNT_LOCKED', answer, { minutes: 15 })] });
      const zh = locale === 'zh-CN';
      const dialog = await openDialog(zh ? { title: '登录', picture: /图形验证码/ } : EN);
      fill(dialog, {
        [zh ? '邮箱' : 'E-mail']: 'amy.chan@harbourview.example',
        [zh ? '密码' : 'Password']: 'Wrong#2026',
        [zh ? '图形验证码' : 'Picture code']: 'k7PQ',
      });
      fireEvent.click(within(dialog).getByRole('button', { name: zh ? '登 录' : 'Log in' }));

      const alert = await within(dialog).findByRole('alert');
      expect(alert.textContent).toBe(
        zh
          ? '登录失败次数过多：请 15 分钟后在此浏览器上重试，或重置密码。其他浏览器的登录失败不会影响您曾经登录过的浏览器。'
          : 'Too many failed log-ins: try again from this browser in 15 min, or reset your password. Failures in other browsers do not hold up a browser you have logged in from before.',
      );
      // Above the fields, so it is met first.
      const email = field(dialog, zh ? '邮箱' : 'E-mail');
      expect(alert.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(email.value).toBe('amy.chan@harbourview.example');
      expect(field(dialog, zh ? '密码' : 'Password').value).toBe('Wrong#2026');
      expect(toasts).toEqual([]);
    });
  }

  it('a second try starts clean: the alert of the first goes', async () => {
    stubServer({
      login: [
        (locale) => refusal('PRT_ACCOUNT_LOCKED', locale, { minutes: 1 }),
        (locale) => refusal('PRT_LOGIN_FAILED', locale),
      ],
    });
    const dialog = await openDialog(EN);
    fill(dialog, { 'E-mail': 'amy.chan@harbourview.example', Password: 'Portal#2026', 'Picture code': 'k7PQ' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await within(dialog).findByRole('alert');
    fill(dialog, { 'Picture code': 'm4RT' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(errorOf(field(dialog, 'Password'))).toBe('The e-mail or password is incorrect.'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
