import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { memberUser } from '../../test/users.ts';

const USER = memberUser({ usrNm: 'Kevin Lau', emailAdr: 'kevin.lau@harbourview.example' });

const find = { timeout: 15_000 };
const bilingual = (en: string, zh: string) => ({ en, zh });

function article(index: number, category = 'bonds') {
  return {
    lgcSn: `A${index}`,
    category,
    title: bilingual(`Bond market review ${index}`, `债券市场回顾 ${index}`),
    summary: bilingual('Yields eased in March.', '三月收益率回落。'),
    cover: null,
    publishDate: `2026-03-${String(index).padStart(2, '0')}`,
  };
}

function page<T>(list: T[], total = list.length, pageNo = 1, pageSize = 10) {
  return { list, total, pageNo, pageSize };
}

describe('content pages', { timeout: 40_000 }, () => {
  it('lists market trends of a category with paging, and sends the page asked for', async () => {
    const asked: string[] = [];
    stubPortalApi({
      user: USER,
      respond: (url) => {
        if (!url.startsWith('/api/consultInfoP1/queryConsultInfosP1')) return undefined;
        asked.push(url);
        const pageNo = Number(new URL(url, 'http://x').searchParams.get('pageNo'));
        const items = Array.from({ length: 10 }, (_, index) => article(pageNo * 10 + index - 9));
        return jsonResponse(envelope(page(items, 23, pageNo)));
      },
    });
    renderApp('/policyInformation?category=bonds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Market Trends' }, find)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Bond market review 1' }, find)).toBeTruthy();
    expect(asked[0]).toContain('category=bonds');
    expect(screen.getByText('23 items in total')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByRole('link', { name: 'Bond market review 11' }, find)).toBeTruthy();
    expect(asked.some((url) => url.includes('pageNo=2'))).toBe(true);
  });

  it('says so when a category has nothing yet', async () => {
    stubPortalApi({
      user: USER,
      respond: (url) =>
        url.startsWith('/api/consultInfoP1/queryConsultInfosP1') ? jsonResponse(envelope(page([]))) : undefined,
    });
    renderApp('/policyInformation?category=pandaBonds');
    expect(await screen.findByText('No articles have been published in this category yet.', {}, find)).toBeTruthy();
  });

  it('shows an article, sanitised, with its breadcrumbs', async () => {
    stubPortalApi({
      user: USER,
      respond: (url) =>
        url === '/api/consultInfoP1/consultInfoDetailP1/A1'
          ? jsonResponse(
              envelope({
                ...article(1),
                body: bilingual(
                  '<p>Ten-year yields fell.</p><script>window.bad = 1</script>',
                  '<p>十年期收益率下降。</p>',
                ),
                source: bilingual('Research Department', '研究部'),
                previous: null,
                next: { lgcSn: 'A2', title: bilingual('Bond market review 2', '债券市场回顾 2') },
              }),
            )
          : undefined,
    });
    const { container } = renderApp('/policyInformation/interpretation/A1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bond market review 1' }, find)).toBeTruthy();
    expect(screen.getByText('Ten-year yields fell.')).toBeTruthy();
    expect(container.querySelector('.rich-text script')).toBeNull();
    expect(screen.getByRole('link', { name: /Bond market review 2/ }).getAttribute('href')).toBe(
      '/policyInformation/interpretation/A2',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toContain('Market Trends');
  });

  it('says an article is not available when the server does not know it', async () => {
    stubPortalApi({
      user: USER,
      respond: (url) =>
        url.startsWith('/api/consultInfoP1/consultInfoDetailP1/')
          ? jsonResponse(envelope(null, 'PRT_NOT_FOUND', 'Not found'), 404)
          : undefined,
    });
    renderApp('/policyInformation/informationDetail/NOPE');
    expect(await screen.findByRole('heading', { level: 2, name: 'This page is not available' }, find)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/policyInformation');
  });

  it('shows the "understand the bank" tiles to a visitor, in Chinese after a switch', async () => {
    stubPortalApi({
      respond: (url) =>
        url.startsWith('/api/moduleInfoP1/moduleListForP1')
          ? jsonResponse(
              envelope(
                page([
                  {
                    lgcSn: 'M1',
                    moduleType: '0',
                    key: 'news',
                    title: bilingual('News', '新闻动态'),
                    summary: bilingual('What is new at the bank', '我行最新动态'),
                    image: null,
                    linkUrl: '',
                    sortOrder: 1,
                  },
                  {
                    lgcSn: 'M2',
                    moduleType: '0',
                    key: 'annualReport',
                    title: bilingual('Annual Report', '年度报告'),
                    summary: bilingual('', ''),
                    image: null,
                    linkUrl: 'https://www.bank.example/annual-report-2025.pdf',
                    sortOrder: 2,
                  },
                ]),
              ),
            )
          : undefined,
    });
    renderApp('/understandCCB');
    const news = await screen.findByRole('link', { name: /News/ }, find);
    expect(news.getAttribute('href')).toBe('/understandCCB/essential/M1');
    const report = screen.getByRole('link', { name: /Annual Report/ });
    expect(report.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: '中文' }));
    await waitFor(() => expect(screen.getByRole('link', { name: /新闻动态/ })).toBeTruthy());
  });
});
