import type { Locale } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES, type RouteRecord } from '../../app/routes.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { VERIFY_PATH } from '../../features/contracts/paths.ts';
import {
  CANCELLED_AT,
  forgedOverlayReport,
  signedAfterCancellationReport,
  trustAnchor,
  verifiedSignature,
  verifyReport,
} from '../../features/contracts/test-fixtures.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const routes: RouteRecord[] = [
  ...ROUTES.filter((route) => route.path !== VERIFY_PATH),
  {
    path: VERIFY_PATH,
    title: 'cooperation:routes.verify',
    noLogin: true,
    page: lazyPage(() => import('./VerifyPage.tsx'), 'VerifyPage'),
  },
];

function stubVerifyApi(report = verifyReport()) {
  const uploads: FormData[] = [];
  stubPortalApi({
    respond: (url, init) => {
      if (url === '/api/verify' && init.method === 'POST') {
        uploads.push(init.body as FormData);
        return jsonResponse(envelope(report));
      }
      if (url.startsWith('/api/pki/authority')) return jsonResponse(envelope(trustAnchor()));
      return undefined;
    },
  });
  return { uploads };
}

const DROP: Record<Locale, string> = {
  'en-US': 'Drop a PDF here, or click to choose it PDF, at most 10 MB',
  'zh-CN': '将 PDF 拖到此处，或点击选择文件 PDF，不超过 10 MB',
};

/** The verdicts' headlines, in both languages. */
const HEADLINE = {
  'en-US': {
    valid:
      'Every signature is intact, was made on this portal with a seal valid at the time, and nothing was changed after the last one.',
    invalid: 'Do not rely on this document:',
  },
  'zh-CN': {
    valid: '所有签名均完好，均由本平台在印章有效期内签署，最后一次签名之后文件未被改动。',
    invalid: '不可依赖本文件：',
  },
} as const;

/** The sentence under an earlier signature's "Covers the whole document: No, an earlier version". */
const EARLIER: Record<Locale, string> = {
  'en-US':
    'An earlier signature covers the version of the file its signer saw; later signatures were added after it. This is normal.',
  'zh-CN': '较早的签名覆盖其签署者当时看到的文件版本，后面的签名是在它之后追加的。这是正常情况。',
};

afterEach(async () => {
  await setLocale('en-US');
});

async function pickPdf(name = 'forfaiting-agreement-signed.pdf', locale: Locale = 'en-US') {
  const input = (await screen.findByRole('button', { name: DROP[locale] }, { timeout: 15_000 })).querySelector(
    'input[type="file"]',
  ) as HTMLInputElement;
  const file = new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

/** The signatures' cards (each holds lists of its own: its problems, the pages changed after it). */
async function signatureCards(label: string) {
  const list = await screen.findByRole('list', { name: label });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
}

describe('/verify', () => {
  it('checks a PDF and reports one intact and one broken signature', { timeout: 40_000 }, async () => {
    const { uploads } = stubVerifyApi();
    renderApp(VERIFY_PATH, { routes });
    expect(await screen.findByRole('heading', { name: 'Verify a signed PDF' }, { timeout: 15_000 })).toBeTruthy();
    const file = await pickPdf();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0]?.get('file') as File | null)?.name).toBe(file.name);

    const [first, second] = await signatureCards('Signatures');
    expect(within(first as HTMLElement).getByText('Intact')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Harbourview Commercial Bank')).toBeTruthy();
    // Each line keeps its label and tag, with a sentence saying what it means.
    expect(within(first as HTMLElement).getByText('No, an earlier version')).toBeTruthy();
    expect(within(first as HTMLElement).getByText(EARLIER['en-US'])).toBeTruthy();
    expect(
      within(first as HTMLElement).getByText('This portal recorded this time when the signature was made on it.'),
    ).toBeTruthy();
    expect(within(first as HTMLElement).getByText('The seal has not been cancelled.')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Can be relied on')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Broken')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Cannot be relied on')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Treasury seal')).toBeTruthy();
    expect(
      within(second as HTMLElement).getByText('Its signed content was changed, or the signature does not verify.'),
    ).toBeTruthy();
    expect(
      within(second as HTMLElement).getByText(
        'What this signature covers was changed after signing, or the signature does not check out, so it proves nothing.',
      ),
    ).toBeTruthy();
    expect(within(second as HTMLElement).getByText('This signature covers the whole file you checked.')).toBeTruthy();
    expect(
      within(second as HTMLElement).getByText(
        'This time is only what the signer wrote into the signature; nothing independent confirms it.',
      ),
    ).toBeTruthy();
    // The headline is the server's verdict, with each reason naming its signature.
    expect(screen.getByText(HEADLINE['en-US'].invalid)).toBeTruthy();
    expect(
      screen.getByText('Signature 2: its signed content was changed, or the signature does not verify.'),
    ).toBeTruthy();
    expect(screen.queryByText(HEADLINE['en-US'].valid)).toBeNull();
    expect(screen.getByText('Matches a contract recorded here: “Forfaiting agreement 2026-118”')).toBeTruthy();
    expect(screen.getByText(verifyReport().sha256)).toBeTruthy();
  });

  it('says when a PDF carries no signature and is not recorded here', { timeout: 40_000 }, async () => {
    stubVerifyApi(
      verifyReport({ verdict: 'warning', problems: ['noSignature'], signatures: [], recordedContract: null }),
    );
    renderApp(VERIFY_PATH, { routes });
    await pickPdf('plain.pdf');
    expect(await screen.findByText('Check before relying on this document:')).toBeTruthy();
    expect(screen.getByText('this PDF carries no signature.')).toBeTruthy();
    expect(screen.getByText('Not a file recorded by this portal.')).toBeTruthy();
  });

  it.each([
    [
      'en-US',
      'Signature 2: its certificate was not issued by this portal, so nothing shows who made it, whatever name it carries.',
      'Claimed by the certificate, not verified: Harbourview Commercial Bank · Contract seal · HV-2026-001',
      'Not verified',
    ],
    [
      'zh-CN',
      '签名 2：其证书并非本平台签发，无论证书上写的是什么名称，都无法确认签署者。',
      '证书自称（未经核实）：Harbourview Commercial Bank · Contract seal · HV-2026-001',
      '未经核实',
    ],
  ] as const)(
    'a forged signature copying a real seal: the red headline says which and why, never the green text (%s)',
    { timeout: 40_000 },
    async (locale, reason, claimed, notVerified) => {
      await setLocale(locale);
      stubVerifyApi(forgedOverlayReport());
      renderApp(VERIFY_PATH, { routes });
      await pickPdf('overlaid.pdf', locale);
      expect(await screen.findByText(HEADLINE[locale].invalid)).toBeTruthy();
      expect(screen.getByText(reason)).toBeTruthy();
      expect(screen.queryByText(HEADLINE[locale].valid)).toBeNull();
      expect(screen.getByRole('alert').className).toContain('ant-alert-error');
      // The forged signature names the institution only as the certificate's claim, and no seal.
      const [, forged] = await signatureCards(locale === 'en-US' ? 'Signatures' : '签名');
      expect(within(forged as HTMLElement).getByText(notVerified)).toBeTruthy();
      expect(within(forged as HTMLElement).getByText(claimed)).toBeTruthy();
      expect(within(forged as HTMLElement).queryByText('Harbourview Commercial Bank')).toBeNull();
      expect(within(forged as HTMLElement).queryByText('Contract seal')).toBeNull();
    },
  );

  it.each([
    [
      'en-US',
      'Signature 1: after it, a later signature changed the content of page 1; what is shown there is not what it signed.',
    ],
    ['zh-CN', '签名 1：其签署之后，后来的签名改动了第 1 页的内容，该处显示的并非其签署时的内容。'],
  ] as const)(
    'a page drawn over after signature 1: the red headline names the signature and the page (%s)',
    { timeout: 40_000 },
    async (locale, reason) => {
      await setLocale(locale);
      stubVerifyApi(forgedOverlayReport());
      renderApp(VERIFY_PATH, { routes });
      await pickPdf('overlaid.pdf', locale);
      expect(await screen.findByText(HEADLINE[locale].invalid)).toBeTruthy();
      expect(screen.getByText(reason)).toBeTruthy();
    },
  );

  it.each([
    [
      'en-US',
      'Signature 1: it was made after its seal was cancelled (on {{date}}).',
      'Cancelled on {{date}}, before this signature',
      'It was made after its seal was cancelled (on {{date}}).',
      'The seal was cancelled before this signature was made. A cancelled seal must no longer be used, so this signature cannot be relied on.',
    ],
    [
      'zh-CN',
      '签名 1：签署时其印章已注销（注销于 {{date}}）。',
      '已于 {{date}} 注销，早于本签名',
      '签署时其印章已注销（注销于 {{date}}）。',
      '该印章在本签名之前已被注销。已注销的印章不得再使用，因此本签名不可依赖。',
    ],
  ] as const)(
    'a seal used after its cancellation: the red headline names the signature and the date (%s)',
    { timeout: 40_000 },
    async (locale, reason, tag, why, explained) => {
      const date = formatTime(CANCELLED_AT);
      await setLocale(locale);
      stubVerifyApi(signedAfterCancellationReport());
      renderApp(VERIFY_PATH, { routes });
      await pickPdf('used-after-cancellation.pdf', locale);
      expect(await screen.findByText(HEADLINE[locale].invalid)).toBeTruthy();
      expect(screen.getByRole('alert').className).toContain('ant-alert-error');
      expect(within(screen.getByRole('alert')).getByText(reason.replace('{{date}}', date))).toBeTruthy();
      expect(screen.queryByText(HEADLINE[locale].valid)).toBeNull();
      // The card says it too, under its tag, and that covering an earlier version is normal.
      const [first] = await signatureCards(locale === 'en-US' ? 'Signatures' : '签名');
      expect(within(first as HTMLElement).getByText(tag.replace('{{date}}', date))).toBeTruthy();
      // Standing alone in the card, the reason reads as a sentence (capital first).
      expect(within(first as HTMLElement).getByText(why.replace('{{date}}', date))).toBeTruthy();
      expect(within(first as HTMLElement).getByText(explained)).toBeTruthy();
      expect(within(first as HTMLElement).getByText(EARLIER[locale])).toBeTruthy();
    },
  );

  it('a seal cancelled after the signature: green, the cancellation shown as information', {
    timeout: 40_000,
  }, async () => {
    const revokedAt = '2026-12-01T08:00:00.000Z';
    stubVerifyApi(
      verifyReport({
        verdict: 'valid',
        signatures: [verifiedSignature({ revoked: true, revokedAt, coversWholeDocument: true })],
      }),
    );
    renderApp(VERIFY_PATH, { routes });
    await pickPdf();
    expect(await screen.findByText(HEADLINE['en-US'].valid)).toBeTruthy();
    expect(
      screen.getByText(/^Cancelled on 2026-12-01 .*, after this signature: the signature stays valid$/),
    ).toBeTruthy();
    expect(screen.getByText('recorded by this portal', { exact: false })).toBeTruthy();
    expect(
      screen.getByText(
        'The seal was cancelled after this signature was made. Cancelling a seal stops its later use; what it signed before stays valid.',
      ),
    ).toBeTruthy();
  });

  it('shows the portal’s certificate authority: its fingerprint and the certificate to download', {
    timeout: 40_000,
  }, async () => {
    stubVerifyApi();
    renderApp(VERIFY_PATH, { routes });
    const anchor = await screen.findByRole(
      'region',
      { name: "The portal's certificate authority" },
      { timeout: 15_000 },
    );
    expect(await within(anchor).findByText(trustAnchor().sha256)).toBeTruthy();
    expect(within(anchor).getByRole('link', { name: 'Download (PEM)' }).getAttribute('href')).toBe(
      '/api/pki/authority.pem',
    );
    expect(within(anchor).getByRole('link', { name: 'Download (DER, .cer)' }).getAttribute('href')).toBe(
      '/api/pki/authority.der',
    );
  });

  it('refuses a file that is not a PDF without sending it', { timeout: 40_000 }, async () => {
    const { uploads } = stubVerifyApi();
    renderApp(VERIFY_PATH, { routes });
    const input = (await screen.findByRole('button', { name: DROP['en-US'] }, { timeout: 15_000 })).querySelector(
      'input[type="file"]',
    ) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Only PDF files can be uploaded.')).toBeTruthy();
    expect(uploads).toEqual([]);
  });
});
