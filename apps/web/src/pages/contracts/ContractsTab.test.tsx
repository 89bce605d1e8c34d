import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overridePdfLoader } from '../../features/contracts/pdf-document.ts';
import { contractView, cooperationInfo, fakePdfLoader } from '../../features/contracts/test-fixtures.ts';
import { signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { PREVIEW_TEST_ROUTES } from '../../test/contract-preview-routes.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { nameMismatches } from '../../test/name-mismatch.ts';
import { phoneWindow } from '../../test/phone-window.ts';
import { renderApp } from '../../test/render-app.tsx';

const routes = PREVIEW_TEST_ROUTES;

let restorePdf: () => void = () => {};
beforeEach(() => {
  restorePdf = overridePdfLoader(fakePdfLoader(1));
});
afterEach(() => restorePdf());

const ROWS = [
  cooperationInfo(),
  cooperationInfo({
    intentionLgcSn: 'I2',
    requestLgcSn: 'R2',
    requestName: 'Syndicated loan to a Jakarta utility',
    myParty: 'counterpart',
    counterpartName: 'Danube Trade Bank',
    counterpartSwiftCode: 'DNTBATWW',
    contractStatus: 'uploaded',
  }),
  cooperationInfo({
    intentionLgcSn: 'I3',
    requestLgcSn: 'R3',
    requestName: 'Bill discounting, Santos exporters',
    contractStatus: 'signing',
    confirmed: true,
    signedByOther: true,
  }),
  cooperationInfo({
    intentionLgcSn: 'I4',
    requestLgcSn: 'R4',
    requestName: 'Standby L/C advising',
    contractStatus: 'signed',
    confirmed: true,
    signedByMe: true,
    signedByOther: true,
    signedPdfUrl: '/api/contracts/I4/signed.pdf',
    evidenceUrl: '/api/contracts/I4/evidence.pdf',
  }),
];

function stubContractsApi(rows = ROWS) {
  const requests: URL[] = [];
  const uploads: { url: string; body: FormData }[] = [];
  stubPortalApi({
    user: signedInUser(),
    respond: (url, init) => {
      if (url.startsWith('/api/cooperationManage/queryCooperationInfos')) {
        const parsed = new URL(url, 'http://portal.test');
        requests.push(parsed);
        const status = parsed.searchParams.get('status');
        const list = status === 'all' ? rows : rows.filter((row) => row.contractStatus === status);
        return jsonResponse(envelope({ list, total: list.length, pageNo: 1, pageSize: 10 }));
      }
      if (url === '/api/contracts/I1/upload' && init.method === 'POST') {
        uploads.push({ url, body: init.body as FormData });
        return jsonResponse(envelope(contractView()));
      }
      if (url === '/api/contracts/I1') return jsonResponse(envelope(contractView()));
      return undefined;
    },
  });
  return { requests, uploads };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('/userCenter/myCooperation?tab=contracts', () => {
  it('lists the contracts with their status and what can be done next', { timeout: 40_000 }, async () => {
    const { requests } = stubContractsApi();
    renderApp('/userCenter/myCooperation?tab=contracts');
    await screen.findByText('Syndicated loan to a Jakarta utility', {}, { timeout: 15_000 });
    expect(screen.getByRole('tab', { name: 'Contracts' }).getAttribute('aria-selected')).toBe('true');
    expect(requests.map((url) => url.search)).toContain('?status=all&pageNo=1&pageSize=10');

    const first = rowOf('Forfaiting of a Vietcombank usance L/C');
    expect(within(first).getByText('Not uploaded')).toBeTruthy();
    expect(within(first).getByText('NHBKSESS')).toBeTruthy();
    expect(within(first).getByText('Publisher')).toBeTruthy();
    expect(
      within(first).getByRole('button', { name: 'Upload contract for Forfaiting of a Vietcombank usance L/C' }),
    ).toBeTruthy();
    expect(
      within(first).getByRole('link', { name: 'Forfaiting of a Vietcombank usance L/C' }).getAttribute('href'),
    ).toBe('/cooperationDetail?lgcSn=R1');

    const second = rowOf('Syndicated loan to a Jakarta utility');
    expect(within(second).getByText('Uploaded, not signed')).toBeTruthy();
    expect(within(second).getByText('Intention sender')).toBeTruthy();
    expect(
      within(second)
        .getByRole('link', { name: 'Preview the contract of Syndicated loan to a Jakarta utility' })
        .getAttribute('href'),
    ).toBe('/previewContract?id=I2');
    expect(within(second).queryByRole('link', { name: /^Sign the contract/ })).toBeNull();

    const third = rowOf('Bill discounting, Santos exporters');
    expect(within(third).getByText('Signing')).toBeTruthy();
    expect(
      within(third)
        .getByRole('link', { name: 'Sign the contract of Bill discounting, Santos exporters' })
        .getAttribute('href'),
    ).toBe('/signContract?id=I3');

    const fourth = rowOf('Standby L/C advising');
    expect(within(fourth).getByText('Signed')).toBeTruthy();
    expect(
      within(fourth)
        .getByRole('link', { name: 'Download the signed PDF of Standby L/C advising' })
        .getAttribute('href'),
    ).toBe('/api/contracts/I4/signed.pdf');
    expect(
      within(fourth)
        .getByRole('link', { name: 'Download the evidence report of Standby L/C advising' })
        .getAttribute('href'),
    ).toBe('/api/contracts/I4/evidence.pdf?lang=en-US');
    expect(within(fourth).queryByRole('link', { name: /^Sign the contract/ })).toBeNull();

    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Contract status' })).getByText('Signed'));
    await waitFor(() => expect(requests.map((url) => url.search)).toContain('?status=signed&pageNo=1&pageSize=10'));
    await waitFor(() => expect(screen.queryByText('Syndicated loan to a Jakarta utility')).toBeNull());
  });

  it('the evidence report downloads in the language chosen in the portal', { timeout: 40_000 }, async () => {
    stubContractsApi([ROWS[3]!]);
    await setLocale('zh-CN');
    renderApp('/userCenter/myCooperation?tab=contracts');
    const link = await screen.findByRole('link', { name: '下载“Standby L/C advising”的存证报告' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/api/contracts/I4/evidence.pdf?lang=zh-CN');
  });

  it('on a phone: cards with every column, the closed-request note and the actions; no table', {
    timeout: 40_000,
  }, async () => {
    phoneWindow(vi);
    stubContractsApi([
      ...ROWS,
      cooperationInfo({ intentionLgcSn: 'I5', requestName: 'Withdrawn deal', requestClosed: 'withdrawn' }),
    ]);
    renderApp('/userCenter/myCooperation?tab=contracts');
    const cards = await screen.findByRole('list', { name: 'Contracts of agreed cooperation' }, { timeout: 15_000 });
    expect(screen.queryByRole('table')).toBeNull();
    const cardOf = (name: string) => within(cards).getByText(name).closest('li') as HTMLElement;

    const first = cardOf('Forfaiting of a Vietcombank usance L/C');
    expect(
      within(first).getByRole('link', { name: 'Forfaiting of a Vietcombank usance L/C' }).getAttribute('href'),
    ).toBe('/cooperationDetail?lgcSn=R1');
    for (const text of [
      'Counterpart',
      'NHBKSESS',
      'My side',
      'Publisher',
      'Agreed on',
      'Contract status',
      'Not uploaded',
    ]) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    expect(within(first).getByRole('button', { name: /^Upload/ })).toBeTruthy();

    const third = cardOf('Bill discounting, Santos exporters');
    expect(
      within(third)
        .getByRole('link', { name: /^Sign the contract/ })
        .getAttribute('href'),
    ).toBe('/signContract?id=I3');
    const fourth = cardOf('Standby L/C advising');
    expect(
      within(fourth)
        .getByRole('link', { name: /evidence report/ })
        .getAttribute('href'),
    ).toBe('/api/contracts/I4/evidence.pdf?lang=en-US');
    expect(within(fourth).getByRole('link', { name: /signed PDF/ })).toBeTruthy();

    const withdrawn = cardOf('Withdrawn deal');
    expect(within(withdrawn).getByText('Request withdrawn: no further signing')).toBeTruthy();
    expect(within(withdrawn).queryByRole('button', { name: /^Upload/ })).toBeNull();
    expect(within(withdrawn).getByRole('link', { name: /^Preview the contract/ })).toBeTruthy();
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`every action's accessible name contains its visible text (${locale})`, { timeout: 40_000 }, async () => {
      stubContractsApi();
      await setLocale(locale);
      renderApp('/userCenter/myCooperation?tab=contracts');
      const table = await screen.findByRole('table', {}, { timeout: 15_000 });
      await within(table).findByText('Standby L/C advising');
      expect(await nameMismatches(table)).toEqual([]);
    });
  }

  it('says when a request was withdrawn or taken down, and offers no upload or signing', {
    timeout: 40_000,
  }, async () => {
    stubContractsApi([
      cooperationInfo({ requestClosed: 'withdrawn' }),
      cooperationInfo({
        intentionLgcSn: 'I3',
        requestLgcSn: 'R3',
        requestName: 'Bill discounting, Santos exporters',
        requestClosed: 'takenDown',
        contractStatus: 'signing',
        confirmed: true,
        signedByOther: true,
      }),
    ]);
    renderApp('/userCenter/myCooperation?tab=contracts');
    await screen.findByText('Bill discounting, Santos exporters', {}, { timeout: 15_000 });
    const withdrawn = rowOf('Forfaiting of a Vietcombank usance L/C');
    expect(within(withdrawn).getByText('Request withdrawn: no further signing')).toBeTruthy();
    expect(within(withdrawn).queryByRole('button', { name: /^Upload the contract/ })).toBeNull();
    expect(within(withdrawn).getByRole('link', { name: /^Preview the contract/ })).toBeTruthy();
    const takenDown = rowOf('Bill discounting, Santos exporters');
    expect(within(takenDown).getByText('Request taken down: no further signing')).toBeTruthy();
    expect(within(takenDown).queryByRole('link', { name: /^Sign the contract/ })).toBeNull();
  });

  it('uploads a contract with the request name as its title, then opens it', { timeout: 40_000 }, async () => {
    const { uploads } = stubContractsApi();
    const { router } = renderApp('/userCenter/myCooperation?tab=contracts', { routes });
    const row = (await screen.findByText('Forfaiting of a Vietcombank usance L/C', {}, { timeout: 15_000 })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(
      within(row).getByRole('button', { name: 'Upload contract for Forfaiting of a Vietcombank usance L/C' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Contract title') as HTMLInputElement).value).toBe(
      'Forfaiting of a Vietcombank usance L/C',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose the contract PDF.')).toBeTruthy();
    expect(uploads).toEqual([]);

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7\n'], 'agreement.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(dialog).findByText(/Chosen: agreement\.pdf/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const form = uploads[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['title', 'file']);
    expect(form.get('title')).toBe('Forfaiting of a Vietcombank usance L/C');
    expect((form.get('file') as File).name).toBe('agreement.pdf');
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/previewContract?id=I1'),
    );
  });
});
