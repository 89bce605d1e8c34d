import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteRecord } from '../../app/routes.tsx';
import { VERIFY_PATH } from '../../features/contracts/paths.ts';
import { verifyReport } from '../../features/contracts/test-fixtures.ts';
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
      return undefined;
    },
  });
  return { uploads };
}

async function pickPdf(name = 'forfaiting-agreement-signed.pdf') {
  const input = (
    await screen.findByRole(
      'button',
      { name: 'Drop a PDF here, or click to choose it PDF, at most 10 MB' },
      { timeout: 15_000 },
    )
  ).querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

describe('/verify', () => {
  it('checks a PDF and reports one intact and one broken signature', { timeout: 40_000 }, async () => {
    const { uploads } = stubVerifyApi();
    renderApp(VERIFY_PATH, { routes });
    expect(await screen.findByRole('heading', { name: 'Verify a signed PDF' }, { timeout: 15_000 })).toBeTruthy();
    const file = await pickPdf();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0]?.get('file') as File | null)?.name).toBe(file.name);

    const signatures = await screen.findByRole('list', { name: 'Signatures' });
    const [first, second] = within(signatures).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText('Intact')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Harbourview Commercial Bank')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('No, an earlier version')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Broken')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Treasury seal')).toBeTruthy();
    expect(
      within(second as HTMLElement).getByText('The signed content was changed, or the signature does not verify.'),
    ).toBeTruthy();
    expect(screen.getByText('At least one signature is broken: the document is not as it was signed.')).toBeTruthy();
    expect(screen.getByText('Matches a contract recorded here: “Forfaiting agreement 2026-118”')).toBeTruthy();
    expect(screen.getByText(verifyReport().sha256)).toBeTruthy();
  });

  it('says when a PDF carries no signature and is not recorded here', { timeout: 40_000 }, async () => {
    stubVerifyApi(verifyReport({ signatures: [], recordedContract: null }));
    renderApp(VERIFY_PATH, { routes });
    await pickPdf('plain.pdf');
    expect(await screen.findByText('This PDF carries no signature.')).toBeTruthy();
    expect(screen.getByText('Not a file recorded by this portal.')).toBeTruthy();
  });

  it('refuses a file that is not a PDF without sending it', { timeout: 40_000 }, async () => {
    const { uploads } = stubVerifyApi();
    renderApp(VERIFY_PATH, { routes });
    const input = (
      await screen.findByRole(
        'button',
        { name: 'Drop a PDF here, or click to choose it PDF, at most 10 MB' },
        { timeout: 15_000 },
      )
    ).querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Only PDF files can be uploaded.')).toBeTruthy();
    expect(uploads).toEqual([]);
  });
});
