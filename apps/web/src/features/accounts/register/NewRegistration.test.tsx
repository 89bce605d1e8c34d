import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const REFUSAL = {
  'en-US':
    'E-mail: addresses at gmail.com are not accepted. Register with the e-mail address of your institution (free-mail and disposable addresses are refused).',
  'zh-CN': '邮箱：不接受 gmail.com 的邮箱地址。请使用贵机构的邮箱注册（免费邮箱和临时邮箱不予受理）。',
} as const;

/** The server refuses a free-mail address when a registration code is asked for, in the request's language. */
function stubRefusal() {
  return stubPortalApi({
    respond: (url, init) => {
      if (url !== '/api/user/p1/getEmailCode') return undefined;
      const lang = new Headers(init.headers).get('lang') as keyof typeof REFUSAL;
      const message = REFUSAL[lang];
      return jsonResponse(
        envelope({ fields: [{ field: 'emailAdr', rule: 'workEmail', message }] }, 'PRT_EMAIL_NOT_WORK', message),
        422,
      );
    },
  });
}

/** The error shown under the e-mail field of the registration form. */
function emailFieldError(): string | null {
  const input = document.querySelector<HTMLInputElement>('#register_emailAdr');
  return input?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
}

describe('registration refuses a free-mail address under the e-mail field', { timeout: 40_000 }, () => {
  it.each([
    ['en-US', 'Send code'],
    ['zh-CN', '发送验证码'],
  ] as const)('in %s', async (locale, sendLabel) => {
    await setLocale(locale);
    stubRefusal();
    renderApp('/register');
    const input = await waitFor(() => {
      const element = document.querySelector<HTMLInputElement>('#register_emailAdr');
      if (!element) throw new Error('no e-mail field yet');
      return element;
    });
    fireEvent.change(input, { target: { value: 'li.wei@gmail.com' } });
    fireEvent.click(await screen.findByRole('button', { name: sendLabel }));
    await waitFor(() => expect(emailFieldError()).toBe(REFUSAL[locale]), { timeout: 8000 });
    await setLocale('en-US');
  });
});
