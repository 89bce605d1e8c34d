import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREVIEW_CONTRACT_PATH } from '../../features/contracts/paths.ts';
import { overridePdfLoader } from '../../features/contracts/pdf-document.ts';
import { contractView, fakePdfLoader } from '../../features/contracts/test-fixtures.ts';
import { signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { PREVIEW_TEST_ROUTES } from '../../test/contract-preview-routes.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const routes = PREVIEW_TEST_ROUTES;

let restorePdf: () => void = () => {};
let pdf: ReturnType<typeof fakePdfLoader>;
beforeEach(() => {
  pdf = fakePdfLoader(2);
  restorePdf = overridePdfLoader(pdf);
});
afterEach(() => restorePdf());

function stubContractApi(user: unknown = signedInUser(), view = contractView()) {
  const posts: { url: string; body: unknown }[] = [];
  const views: string[] = [];
  stubPortalApi({
    user,
    respond: (url, init) => {
      if (url === '/api/contracts/I1' && (init.method ?? 'GET') === 'GET') return jsonResponse(envelope(view));
      // The page records that the reader had the file on screen (the audit trail's views).
      if (init.method === 'POST' && url.endsWith('/viewed')) {
        views.push(url);
        return jsonResponse(envelope({ recorded: true }));
      }
      if (init.method === 'POST' && (url.startsWith('/api/contracts/') || url.startsWith('/api/cooperationManage/'))) {
        posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
        const after = url.endsWith('/confirm')
          ? contractView({
              confirmed: true,
              confirmedAt: '2026-11-04T10:00:00.000Z',
              can: { upload: false, delete: false, confirm: false, sign: true },
            })
          : contractView({
              status: 'notUploaded',
              file: null,
              can: { upload: true, delete: false, confirm: false, sign: false },
            });
        return jsonResponse(envelope(after));
      }
      return undefined;
    },
  });
  return { posts, views };
}

describe('/previewContract', () => {
  it('shows the contract, its parties, pages and audit trail, and confirms only after the warning', {
    timeout: 40_000,
  }, async () => {
    const { posts, views } = stubContractApi();
    renderApp(`${PREVIEW_CONTRACT_PATH}?id=I1`, { routes });
    expect(
      await screen.findByRole('heading', { name: 'Forfaiting agreement 2026-118' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Uploaded, not signed')).toBeTruthy();
    expect(screen.getAllByText('Nordic Harbour Bank').length).toBeGreaterThan(0);
    expect(await screen.findByRole('figure', { name: 'Page 2 of 2' })).toBeTruthy();
    expect(pdf.urls).toContain('/api/contracts/I1/file');
    // Once the file is on screen, the view is recorded (once).
    await waitFor(() => expect(views).toEqual(['/api/contracts/I1/viewed']));
    const audit = screen.getByRole('table');
    expect(within(audit).getByText('203.0.113.7')).toBeTruthy();
    expect(within(audit).getByText('a3f1c2d4…ef0102')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm contract' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('After confirming, the upload cannot be undone, deleted or replaced.'),
    ).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/contracts/I1/confirm', body: null }]));
    expect(await screen.findByRole('link', { name: 'Go to sign' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete upload' })).toBeNull();
  });

  it.each([
    ['withdrawn', 'The publisher withdrew the cooperation request'],
    ['takenDown', 'The bank took the cooperation request down'],
  ] as const)(
    'says the request was %s and offers no confirming or signing',
    {
      timeout: 40_000,
    },
    async (requestClosed, says) => {
      stubContractApi(
        signedInUser(),
        contractView({ requestClosed, can: { upload: false, delete: true, confirm: false, sign: false } }),
      );
      renderApp(`${PREVIEW_CONTRACT_PATH}?id=I1`, { routes });
      expect(await screen.findByText(new RegExp(`^${says}`), {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Confirm contract' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Go to sign' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Delete upload' })).toBeTruthy();
    },
  );

  it('zooms the pages with buttons and keys, and offers the unsigned original to download', {
    timeout: 40_000,
  }, async () => {
    stubContractApi();
    renderApp(`${PREVIEW_CONTRACT_PATH}?id=I1`, { routes });
    const page = await screen.findByRole('figure', { name: 'Page 1 of 2' }, { timeout: 15_000 });
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    expect(within(zoom).getByText('100%')).toBeTruthy();
    expect((within(zoom).getByRole('button', { name: 'Fit to width' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    expect(within(zoom).getByText('125%')).toBeTruthy();
    expect(page.style.width).toBe('125%');
    fireEvent.click(within(zoom).getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(within(zoom).getByRole('button', { name: 'Zoom out' }));
    expect(within(zoom).getByText('75%')).toBeTruthy();
    expect(page.style.width).toBe('75%');
    fireEvent.click(within(zoom).getByRole('button', { name: 'Fit to width' }));
    expect(within(zoom).getByText('100%')).toBeTruthy();
    expect(page.style.width).toBe('');

    // From the keyboard, in the focused pages: + and - zoom, 0 fits.
    const pages = screen.getByRole('region', { name: 'Pages of Forfaiting agreement 2026-118' });
    pages.focus();
    fireEvent.keyDown(pages, { key: '+' });
    fireEvent.keyDown(pages, { key: '+' });
    expect(within(zoom).getByText('150%')).toBeTruthy();
    fireEvent.keyDown(pages, { key: '0' });
    expect(within(zoom).getByText('100%')).toBeTruthy();

    const original = screen.getByRole('link', { name: 'Download the original (unsigned) PDF' });
    expect(original.getAttribute('href')).toBe('/api/contracts/I1/file?version=original');
    expect(original.hasAttribute('download')).toBe(true);
  });

  it('deletes the upload only after the reader confirms', { timeout: 40_000 }, async () => {
    const { posts } = stubContractApi();
    renderApp(`${PREVIEW_CONTRACT_PATH}?id=I1`, { routes });
    const opener = await screen.findByRole('button', { name: 'Delete upload' }, { timeout: 15_000 });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will be removed/)).toBeTruthy();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    // The dialog left the page: the focus is back on the button that opened it.
    expect(document.activeElement).toBe(opener);

    fireEvent.click(screen.getByRole('button', { name: 'Delete upload' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/cooperationManage/contractUploadDel', body: { intentionLgcSn: 'I1' } }]),
    );
    expect(await screen.findByText('No contract has been uploaded yet.', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('asks a visitor to log in, remembering the page', { timeout: 40_000 }, async () => {
    stubContractApi(null);
    renderApp(`${PREVIEW_CONTRACT_PATH}?id=I1`, { routes });
    expect(await screen.findByText('Please log in to see this contract.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(window.localStorage.getItem('nextPath')).toBe('/previewContract?id=I1');
  });
});
