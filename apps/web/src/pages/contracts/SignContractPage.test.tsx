import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES, type RouteRecord } from '../../app/routes.tsx';
import { PREVIEW_CONTRACT_PATH, SIGN_CONTRACT_PATH } from '../../features/contracts/paths.ts';
import { overridePdfLoader } from '../../features/contracts/pdf-document.ts';
import { KEY_STEP_MM, POINTS_PER_MM, stampSize } from '../../features/contracts/placement.ts';
import { contractView, fakePdfLoader, usableSeal } from '../../features/contracts/test-fixtures.ts';
import { signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { nameMismatches } from '../../test/name-mismatch.ts';
import { renderApp } from '../../test/render-app.tsx';

const routes: RouteRecord[] = [
  ...ROUTES.filter((route) => route.path !== PREVIEW_CONTRACT_PATH && route.path !== SIGN_CONTRACT_PATH),
  {
    path: PREVIEW_CONTRACT_PATH,
    title: 'cooperation:routes.previewContract',
    layout: 'bare',
    noLogin: true,
    page: lazyPage(() => import('./PreviewContractPage.tsx'), 'PreviewContractPage'),
  },
  {
    path: SIGN_CONTRACT_PATH,
    title: 'cooperation:routes.signContract',
    layout: 'bare',
    noLogin: true,
    page: lazyPage(() => import('./SignContractPage.tsx'), 'SignContractPage'),
  },
];

const A4 = { width: 595.28, height: 841.89 };
const signable = contractView({
  status: 'uploaded',
  confirmed: true,
  confirmedAt: '2026-11-04T10:00:00.000Z',
  can: { upload: false, delete: false, confirm: false, sign: true },
});

let restorePdf: () => void = () => {};
beforeEach(() => {
  restorePdf = overridePdfLoader(fakePdfLoader(2, A4));
});
afterEach(() => restorePdf());

function stubSigningApi(
  seals = [usableSeal(), usableSeal({ lgcSn: 'SEAL2', sealNo: 'HV-2026-002', sealName: 'Finance seal' })],
  view = signable,
  heldByColleagues = 0,
) {
  const posts: { url: string; body: unknown }[] = [];
  const views: string[] = [];
  stubPortalApi({
    user: signedInUser(),
    respond: (url, init) => {
      if (url === '/api/contracts/I1' && (init.method ?? 'GET') === 'GET') return jsonResponse(envelope(view));
      if (url === '/api/signet/seals/usable') return jsonResponse(envelope({ list: seals, heldByColleagues }));
      // The page records that the reader had the file on screen (the audit trail's views).
      if (init.method === 'POST' && url.endsWith('/viewed')) {
        views.push(url);
        return jsonResponse(envelope({ recorded: true }));
      }
      if (init.method === 'POST' && url.startsWith('/api/contracts/I1/')) {
        posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
        if (url.endsWith('/sign-code')) return jsonResponse(envelope({ resendAfterSeconds: 60 }));
        return jsonResponse(envelope(contractView({ status: 'signing', confirmed: true })));
      }
      return undefined;
    },
  });
  return { posts, views };
}

describe('/signContract', () => {
  it('says "You have not stamped yet" and sends nothing when no seal is placed', { timeout: 40_000 }, async () => {
    const { posts } = stubSigningApi();
    renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
    await screen.findByRole('button', { name: /^Contract seal HV-2026-001 Valid until/ }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('You have not stamped yet.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toEqual([]);
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`names each seal card and control by its visible text (${locale})`, { timeout: 40_000 }, async () => {
      stubSigningApi();
      await setLocale(locale);
      renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
      const seal = await screen.findByRole('button', { name: /^Contract seal HV-2026-001/ }, { timeout: 15_000 });
      fireEvent.click(seal);
      // A placed seal too, and its remove button.
      fireEvent.click(
        await screen.findByRole('button', {
          name: locale === 'en-US' ? 'Place “Contract seal” on page 2' : '将“Contract seal”放置在第 2 页',
        }),
      );
      await waitFor(() => expect(document.querySelectorAll('[data-stamp]').length).toBeGreaterThan(0));
      expect(await nameMismatches(document.body)).toEqual([]);
    });
  }

  it('places a seal with the keyboard, moves it, and signs with the e-mailed code', { timeout: 40_000 }, async () => {
    const { posts } = stubSigningApi();
    const { router } = renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
    const seal = await screen.findByRole(
      'button',
      { name: /^Contract seal HV-2026-001 Valid until/ },
      { timeout: 15_000 },
    );
    expect(screen.getByText('HV-2026-002')).toBeTruthy();
    fireEvent.click(seal);
    expect(seal.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(await screen.findByRole('button', { name: 'Place “Contract seal” on page 2' }));
    const stamp = await screen.findByRole('button', { name: 'Seal Contract seal on page 2' });
    await waitFor(() => expect(document.activeElement).toBe(stamp));
    fireEvent.keyDown(stamp, { key: 'ArrowRight' });
    fireEvent.keyDown(stamp, { key: 'ArrowUp', shiftKey: true });
    expect(screen.getByText('1 seal placed, on page 2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 seal will be stamped, on page 2:')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/contracts/I1/sign-code', body: null }]));
    expect(await within(dialog).findByRole('button', { name: /Send again in \d+ s/ })).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Code sent to your e-mail'), { target: { value: 'K7Q2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and sign' }));
    await waitFor(() => expect(posts).toHaveLength(2));

    const size = stampSize(A4);
    const step = (KEY_STEP_MM * POINTS_PER_MM) / A4.width;
    const bigStep = (10 * POINTS_PER_MM) / A4.height;
    const sent = posts[1] as {
      url: string;
      body: { code: string; placements: { sealLgcSn: string; page: number; x: number; y: number }[] };
    };
    expect(sent.url).toBe('/api/contracts/I1/sign');
    expect(sent.body.code).toBe('K7Q2');
    expect(sent.body.placements).toHaveLength(1);
    const [placement] = sent.body.placements;
    expect(placement).toMatchObject({ sealLgcSn: 'SEAL1', page: 2 });
    expect(placement?.x).toBeCloseTo((1 - size.w) / 2 + step, 5);
    expect(placement?.y).toBeCloseTo((1 - size.h) / 2 - bigStep, 5);
    await waitFor(() => expect(router.state.location.pathname).toBe(PREVIEW_CONTRACT_PATH));
    expect(router.state.location.search).toBe('?id=I1');
  });

  it('drags a seal onto a page and keeps it inside the page while dragging', { timeout: 40_000 }, async () => {
    stubSigningApi();
    renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
    const seal = await screen.findByRole(
      'button',
      { name: /^Finance seal HV-2026-002 Valid until/ },
      { timeout: 15_000 },
    );
    const page = await screen.findByRole('figure', { name: 'Page 1 of 2' });
    page.getBoundingClientRect = () => ({
      left: 300,
      top: 100,
      width: 600,
      height: 848,
      right: 900,
      bottom: 948,
      x: 300,
      y: 100,
      toJSON: () => ({}),
    });

    fireEvent.pointerDown(seal, { button: 0, clientX: 50, clientY: 50, pointerId: 1 });
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 5000, clientY: 5000 }));
    });
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 880, clientY: 930 }));
    });
    const size = stampSize(A4);
    const ghost = page.querySelector('.stamp--ghost') as HTMLElement;
    expect(ghost).toBeTruthy();
    // Held at the corner, the whole stamp on the page.
    expect(Number.parseFloat(ghost.style.left)).toBeCloseTo((1 - size.w) * 100, 3);
    expect(Number.parseFloat(ghost.style.top)).toBeCloseTo((1 - size.h) * 100, 3);
    act(() => {
      window.dispatchEvent(new MouseEvent('pointerup', { clientX: 880, clientY: 930 }));
    });
    const stamp = await screen.findByRole('button', { name: 'Seal Finance seal on page 1' });
    const box = stamp.parentElement as HTMLElement;
    expect(Number.parseFloat(box.style.left)).toBeCloseTo((1 - size.w) * 100, 3);
    expect(page.querySelector('.stamp--ghost')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove seal Finance seal from page 1' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Seal Finance seal on page 1' })).toBeNull());
  });

  it('asks before leaving with seals placed but not signed', { timeout: 40_000 }, async () => {
    stubSigningApi();
    const { router } = renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
    fireEvent.click(
      await screen.findByRole('button', { name: /^Contract seal HV-2026-001 Valid until/ }, { timeout: 15_000 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Place “Contract seal” on page 1' }));
    fireEvent.click(screen.getByRole('link', { name: 'Back to the contract' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The seals you placed are not signed yet and will be lost.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(SIGN_CONTRACT_PATH);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and sign' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe(SIGN_CONTRACT_PATH);
    expect(screen.getByRole('button', { name: 'Seal Contract seal on page 1' })).toBeTruthy();
  });

  it('sends the reader to My signature seals when the institution has no usable seal', {
    timeout: 40_000,
  }, async () => {
    stubSigningApi([]);
    renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
    const link = await screen.findByRole('link', { name: 'My signature seals' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/userCenter/mySignature');
    expect(screen.getByText(/^Your institution has no effective seal/)).toBeTruthy();
  });

  it("says so when the institution has seals but none is the reader's (a seal stamps only for its holder)", {
    timeout: 40_000,
  }, async () => {
    stubSigningApi([], signable, 2);
    renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
    expect(
      await screen.findByText(
        /^Your institution's seals were issued to colleagues, and a seal stamps only for the person/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My signature seals' }).getAttribute('href')).toBe(
      '/userCenter/mySignature',
    );
    expect(screen.queryByRole('list', { name: 'Your seals' })).toBeNull();
  });

  it.each([
    ['withdrawn', 'The publisher withdrew the cooperation request'],
    ['takenDown', 'The bank took the cooperation request down'],
  ] as const)(
    'says why a contract whose request was %s cannot be signed, and offers no seal',
    {
      timeout: 40_000,
    },
    async (requestClosed, says) => {
      const { posts } = stubSigningApi(undefined, {
        ...signable,
        requestClosed,
        can: { upload: false, delete: false, confirm: false, sign: false },
      });
      renderApp(`${SIGN_CONTRACT_PATH}?id=I1`, { routes });
      expect(await screen.findByText(new RegExp(`^${says}`), {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the contract' }).getAttribute('href')).toBe(
        '/previewContract?id=I1',
      );
      expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
      expect(posts).toEqual([]);
    },
  );
});
