import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/providers/query-client.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../../test/fetch-mock.ts';
import { BannerCarousel, DEFAULT_BANNER_IMAGE } from './BannerCarousel.tsx';
import { SURVEY_DIALOG_WIDTH } from './SurveyJumpDialog.tsx';

const BANNERS = [
  {
    lgcSn: 'B1',
    title: { en: 'Cross-border RMB week', zh: '跨境人民币周' },
    fileJSON: [{ lgcSn: 'IMG1' }],
    imageUrl: '/api/content/image/IMG1',
    wthrChkInd: '0',
    linksUrl: 'https://www.bank.example/rmb-week',
    qtnMisId: null,
    sortOrder: 1,
  },
  {
    lgcSn: 'B2',
    title: { en: 'Partner satisfaction survey 2026', zh: '2026 年合作机构满意度调查' },
    fileJSON: [],
    imageUrl: null,
    wthrChkInd: '1',
    linksUrl: '',
    qtnMisId: 'Q-7',
    sortOrder: 2,
  },
];

function renderBanner(banners: unknown[] = BANNERS) {
  stubPortalApi({
    respond: (url) =>
      url.startsWith('/api/bannerP1/bannerListForP1') ? jsonResponse(envelope({ list: banners })) : undefined,
  });
  const router = createMemoryRouter([{ path: '*', element: <BannerCarousel /> }], { initialEntries: ['/home'] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('home banner carousel', () => {
  it('opens an ordinary banner’s link in a new window', async () => {
    renderBanner();
    const link = await screen.findByRole('link', { name: /Cross-border RMB week/ });
    expect(link.getAttribute('href')).toBe('https://www.bank.example/rmb-week');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('opens a page of the portal in this tab, not a new one', async () => {
    renderBanner([{ ...BANNERS[0], linksUrl: '/userCenter/userInfo' }]);
    const link = await screen.findByRole('link', { name: /Cross-border RMB week/ });
    expect(link.getAttribute('href')).toBe('/userCenter/userInfo');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('does not render an unsafe stored link (saved before the link rule) as a link', async () => {
    for (const linksUrl of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const view = renderBanner([{ ...BANNERS[0], linksUrl }]);
      await screen.findByAltText('Cross-border RMB week');
      expect(screen.queryByRole('link', { name: /Cross-border RMB week/ })).toBeNull();
      expect(document.querySelector('a[href*="evil"], a[href^="javascript"]')).toBeNull();
      view.unmount();
    }
  });

  it('shows the default picture when a banner has no image or its image fails', async () => {
    renderBanner();
    const survey = (await screen.findByAltText('Partner satisfaction survey 2026')) as HTMLImageElement;
    expect(survey.getAttribute('src')).toBe(DEFAULT_BANNER_IMAGE);
    const rmb = screen.getByAltText('Cross-border RMB week') as HTMLImageElement;
    expect(rmb.getAttribute('src')).toBe('/api/content/image/IMG1');
    fireEvent.error(rmb);
    await waitFor(() => expect(rmb.getAttribute('src')).toBe(DEFAULT_BANNER_IMAGE));
  });

  it('asks for a work e-mail in a 420 px dialog when the banner’s jump flag is 1', async () => {
    renderBanner();
    await screen.findByRole('link', { name: /Cross-border RMB week/ });
    expect(screen.queryByRole('button', { name: /Partner satisfaction survey 2026/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const button = await screen.findByRole('button', { name: /Partner satisfaction survey 2026/ });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.closest('.ant-modal')?.getAttribute('style') ?? '').toContain(`${SURVEY_DIALOG_WIDTH}px`);
    expect(screen.getByLabelText('Work e-mail')).toBeTruthy();
  });

  it('moves between slides with the arrows and the dots', async () => {
    renderBanner();
    await screen.findByRole('link', { name: /Cross-border RMB week/ });
    const dots = screen.getAllByRole('button', { name: /Show slide/ });
    expect(dots[0]?.getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await waitFor(() => expect(dots[1]?.getAttribute('aria-current')).toBe('true'));
    fireEvent.click(dots[0] as HTMLElement);
    await waitFor(() => expect(dots[0]?.getAttribute('aria-current')).toBe('true'));
  });

  it('shows the default picture when no banner is published', async () => {
    const { container } = renderBanner([]);
    await waitFor(() =>
      expect(container.querySelector('.banner__image')?.getAttribute('src')).toBe(DEFAULT_BANNER_IMAGE),
    );
  });
});
