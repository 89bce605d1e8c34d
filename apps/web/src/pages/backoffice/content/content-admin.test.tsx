import type { TConsultAdmin, TVisitReport } from '@portal/shared/schemas/content';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VisitsChart } from '../../../features/content-admin/VisitsChart.tsx';
import { type BackofficeCall, stubBackofficeApi } from '../../../test/backoffice-api.ts';
import { envelope, jsonResponse } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { STAFF_USER } from '../../../test/users.ts';
import { pointsOf } from './VisitsPage.tsx';

const _STAFF = STAFF_USER;

const ARTICLE: TConsultAdmin = {
  lgcSn: 'A1',
  category: 'bonds',
  title: { en: 'Bond market in October', zh: '十月债券市场' },
  summary: { en: 'Yields fell.', zh: '收益率下降。' },
  body: { en: '<p>Yields fell.</p>', zh: '<p>收益率下降。</p>' },
  source: { en: '', zh: '' },
  cover: null,
  publishDate: '2026-11-01',
  status: 'draft',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-02T08:00:00.000Z',
  publishedAt: null,
  updatedBy: 'Wei Zhang',
};

const REPORT: TVisitReport = {
  days: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'],
  rows: [
    { day: '2026-11-01', page: '/index', views: 12, clicks: 3 },
    { day: '2026-11-01', page: '/policyInformation', views: 4, clicks: 0 },
    { day: '2026-11-03', page: '/index', views: 7, clicks: 1 },
  ],
  pages: [
    { page: '/index', views: 19, clicks: 4 },
    { page: '/policyInformation', views: 4, clicks: 0 },
  ],
};

function stubContentApi(articles: TConsultAdmin[] = [ARTICLE]) {
  const calls = stubBackofficeApi((url) => {
    if (url.startsWith('/api/backend/content/articles?')) {
      return jsonResponse(envelope({ list: articles, total: articles.length, pageNo: 1, pageSize: 10 }));
    }
    if (url === '/api/backend/content/articles/A1/publish') {
      return jsonResponse(envelope({ ...ARTICLE, status: 'published', publishedAt: '2026-11-03T08:00:00.000Z' }));
    }
    if (url.startsWith('/api/backend/visits?')) return jsonResponse(envelope(REPORT));
    return undefined;
  });
  return { calls };
}

const posts = (calls: BackofficeCall[]) => calls.filter((call) => call.method === 'POST');

describe('/backend/content/articles', { timeout: 40_000 }, () => {
  it('checks the required fields of both languages with the schema’s messages before saving', async () => {
    const { calls } = stubContentApi([]);
    renderApp('/backend/content/articles');
    expect(await screen.findByText('Nothing has been created here yet.', {}, { timeout: 8000 })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(await screen.findByText('New entry', {}, { timeout: 8000 })).toBeTruthy();
    // The drawer re-renders as it opens: look it up afresh each time.
    const drawer = () => screen.getByRole('dialog');
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Save as draft' }));

    expect(await within(drawer()).findByText('Title (English) is required.', {}, { timeout: 8000 })).toBeTruthy();
    expect(within(drawer()).getByText('Title (Chinese) is required.')).toBeTruthy();
    expect(within(drawer()).getByText('Category is required.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    // One language filled: its message goes (checked live), the other's stays.
    fireEvent.change(within(drawer()).getByLabelText('Title (English)'), { target: { value: 'Panda bonds in 2026' } });
    const itemOf = (label: string) => within(drawer()).getByLabelText(label).closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(itemOf('Title (English)').classList.contains('ant-form-item-has-error')).toBe(false), {
      timeout: 8000,
    });
    expect(itemOf('Title (Chinese)').classList.contains('ant-form-item-has-error')).toBe(true);
    expect(itemOf('Title (Chinese)').textContent).toContain('Title (Chinese) is required.');
    expect(posts(calls)).toHaveLength(0);
  });

  it('publishes an article only after the confirmation', async () => {
    const { calls } = stubContentApi();
    renderApp('/backend/content/articles');
    const cell = await screen.findByText('Bond market in October', {}, { timeout: 8000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Publish Bond market in October' }));
    expect(await screen.findByText('Publish “Bond market in October”?', {}, { timeout: 8000 })).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    const confirm = screen.getAllByRole('button', { name: 'Publish' }).at(-1) as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(
      () => expect(posts(calls).map((call) => call.url)).toEqual(['/api/backend/content/articles/A1/publish']),
      {
        timeout: 8000,
      },
    );
    expect(await screen.findByText('“Bond market in October” is published.', {}, { timeout: 8000 })).toBeTruthy();
  });
});

describe('VisitsChart', { timeout: 40_000 }, () => {
  it('draws the days with the chart library: views as bars, clicks as a line, described for screen readers', async () => {
    const points = pointsOf(REPORT);
    expect(points.map((point) => [point.day, point.views, point.clicks])).toEqual([
      ['2026-11-01', 16, 3],
      ['2026-11-02', 0, 0],
      ['2026-11-03', 7, 1],
      ['2026-11-04', 0, 0],
      ['2026-11-05', 0, 0],
    ]);
    const { container } = render(<VisitsChart points={points} label="Views per day" />);
    // ECharts' SVG renderer draws into the chart's box and describes the series on it (aria).
    const chart = container.querySelector('.visits-chart__canvas') as HTMLElement;
    await waitFor(() => expect(chart.querySelector('svg')).toBeTruthy());
    const description = chart.getAttribute('aria-label') ?? '';
    expect(description).toContain('Views');
    expect(description).toContain('Clicks');
    expect(description).toContain('2026-11-01');
    expect(description).toContain('16');
    const texts = [...chart.querySelectorAll('svg text')].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Views', 'Clicks', '11-01', '11-05']));
  });

  it('shows the report of the range in the address as a chart and tables', async () => {
    const { calls } = stubContentApi();
    const { container } = renderApp('/backend/content/visits?from=2026-11-01&until=2026-11-05');
    expect(await screen.findByText('By page', {}, { timeout: 8000 })).toBeTruthy();
    expect(calls.find((call) => call.url.startsWith('/api/backend/visits?'))?.url).toContain('from=2026-11-01');
    await waitFor(() => expect(container.querySelector('.visits-chart__canvas svg')).toBeTruthy());
    expect(screen.getByRole('figure', { name: /Views per day from 2026-11-01 to 2026-11-05/ })).toBeTruthy();
  });

  it('ends the default range on today in the reporting zone (UTC+8), not on the reader’s date', async () => {
    // 17:30 UTC on 26 November is already 27 November in Shanghai, where the visits are counted.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:30:00Z'));
    try {
      const { calls } = stubContentApi();
      renderApp('/backend/content/visits');
      expect(await screen.findByText('By page', {}, { timeout: 8000 })).toBeTruthy();
      const url = calls.find((call) => call.url.startsWith('/api/backend/visits?'))?.url ?? '';
      expect(new URL(url, 'http://portal').searchParams.get('until')).toBe('2026-11-27');
      expect(new URL(url, 'http://portal').searchParams.get('from')).toBe('2026-10-29');
    } finally {
      vi.useRealTimers();
    }
  });
});
