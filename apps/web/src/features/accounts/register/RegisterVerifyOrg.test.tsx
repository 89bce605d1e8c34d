/**
 * Registration's details step says which institution the typed SWIFT code joins, from
 * `getRegisterVerifyOrg` (docs/decisions/0021), asked with the verified e-mail and its code, and
 * fills an empty institution name with the known institution's.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const find = { timeout: 40_000 };
const KNOWN = { instNm: 'Harbourview Commercial Bank', instSwiftCode: 'HVCBHKHH', country: 'HK', continent: 'ASIA' };

function stubRegistration() {
  const lookUps: unknown[] = [];
  stubPortalApi({
    respond: (url, init) => {
      if (url === '/api/user/p1/register/checkEmailCode') return jsonResponse(envelope(null));
      if (url === '/api/user/p1/getRegisterVerifyOrg') {
        const body = JSON.parse(String(init.body));
        lookUps.push(body);
        return jsonResponse(envelope(body.instSwiftCode === 'HVCBHKHH' ? KNOWN : null));
      }
      return undefined;
    },
  });
  return lookUps;
}

afterEach(async () => {
  await setLocale('en-US');
});

describe('registration: the institution a SWIFT code joins', () => {
  it.each([
    {
      locale: 'en-US' as const,
      next: 'Next',
      known: 'Harbourview Commercial Bank (Hong Kong SAR, China) is already on the portal: your account joins it.',
      unknown: 'No institution with the SWIFT code NEWBPTPL is on the portal yet: your registration adds it.',
    },
    {
      locale: 'zh-CN' as const,
      next: '下一步',
      known: 'Harbourview Commercial Bank（中国香港）已在平台注册，您的账户将加入该机构。',
      unknown: '平台上尚无SWIFT代码为NEWBPTPL的机构，您的注册将新增该机构。',
    },
  ])('in $locale', { timeout: 120_000 }, async ({ locale, next, known, unknown }) => {
    await setLocale(locale);
    const lookUps = stubRegistration();
    renderApp('/register');
    const email = await waitFor(() => {
      const element = document.querySelector<HTMLInputElement>('#register_emailAdr');
      if (!element) throw new Error('no e-mail field yet');
      return element;
    }, find);
    fireEvent.change(email, { target: { value: 'rita@lusitania-trade.example' } });
    fireEvent.change(document.querySelector('#register_emailCode') as HTMLInputElement, { target: { value: 'AB12' } });
    fireEvent.click(await screen.findByRole('button', { name: next }));
    const swift = await waitFor(() => {
      const element = document.querySelector<HTMLInputElement>('#register_profile_instSwiftCode');
      if (!element || element.closest('[hidden]')) throw new Error('no details step yet');
      return element;
    }, find);
    fireEvent.change(swift, { target: { value: 'hvcbhkhh' } });
    expect(await screen.findByText(known, {}, find)).toBeTruthy();
    expect((document.querySelector('#register_profile_instNm') as HTMLInputElement).value).toBe(KNOWN.instNm);
    expect(lookUps[0]).toEqual({
      emailAdr: 'rita@lusitania-trade.example',
      emailCode: 'AB12',
      instSwiftCode: 'HVCBHKHH',
    });
    fireEvent.change(swift, { target: { value: 'NEWBPTPL' } });
    expect(await screen.findByText(unknown, {}, find)).toBeTruthy();
    // The name already typed stays.
    expect((document.querySelector('#register_profile_instNm') as HTMLInputElement).value).toBe(KNOWN.instNm);
  });
});
