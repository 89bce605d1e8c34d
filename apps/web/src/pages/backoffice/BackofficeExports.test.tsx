import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { STAFF_USER } from '../../test/users.ts';

const STAFF = STAFF_USER;

const EMPTY_PAGE = { list: [], total: 0, pageNo: 1, pageSize: 10 };
const csv = (name: string) =>
  new Response('\uFEFFName\r\n', {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    },
  });

/** The back office's lists answer with empty pages; each export with a CSV file; calls are kept. */
function stubBackoffice(extra?: (url: string) => Response | undefined) {
  const urls: string[] = [];
  stubPortalApi({
    user: STAFF,
    respond: (url) => {
      if (!url.startsWith('/api/backend/')) return undefined;
      urls.push(url);
      const answer = extra?.(url);
      if (answer) return answer;
      if (url.includes('/export')) return csv('export-2026-11-26.csv');
      if (url.startsWith('/api/backend/visits')) return jsonResponse(envelope({ days: [], rows: [], pages: [] }));
      return jsonResponse(envelope(EMPTY_PAGE));
    },
  });
  return urls;
}

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The export request made, as path and sorted query. */
async function exported(urls: string[]): Promise<{ path: string; query: Record<string, string> }> {
  fireEvent.click(await screen.findByRole('button', { name: /Export/ }, { timeout: 15_000 }));
  const url = await waitFor(() => {
    const found = urls.find((u) => u.includes('/export'));
    if (!found) throw new Error('no export request yet');
    return found;
  });
  await waitFor(() => expect(saved).toEqual(['export-2026-11-26.csv']));
  const parsed = new URL(url, 'http://portal.test');
  return { path: parsed.pathname, query: Object.fromEntries(parsed.searchParams) };
}

describe('Export on the back-office lists: every row matching the current filters', () => {
  it('registrations: the status and search of the queue', async () => {
    const urls = stubBackoffice();
    renderApp('/backend/registrations?status=7&q=harbour&page=3');
    expect(await exported(urls)).toEqual({
      path: '/api/backend/registrations/export',
      query: { activation: '7', q: 'harbour' },
    });
  });

  it('accounts: search, status and institution', async () => {
    const urls = stubBackoffice();
    renderApp('/backend/users?status=stopped&q=lee&institution=I1&instNm=Harbour');
    expect(await exported(urls)).toEqual({
      path: '/api/backend/users/export',
      query: { q: 'lee', status: 'stopped', institution: 'I1' },
    });
  });

  it('cooperation requests: search and status', async () => {
    const urls = stubBackoffice();
    renderApp('/backend/cooperation?status=invalid&q=loan');
    expect(await exported(urls)).toEqual({
      path: '/api/backend/cooperation/export',
      query: { q: 'loan', status: 'invalid' },
    });
  });

  it('feedback: the answered filter', async () => {
    const urls = stubBackoffice();
    renderApp('/backend/content/feedback?show=answered');
    expect(await exported(urls)).toEqual({ path: '/api/backend/feedback/export', query: { answered: '1' } });
  });

  it('visits: the range and page of the report', async () => {
    const urls = stubBackoffice();
    renderApp('/backend/content/visits?from=2026-01-01&until=2026-01-31&path=%2FgreenFinance');
    expect(await exported(urls)).toEqual({
      path: '/api/backend/visits/export',
      query: { from: '2026-01-01', until: '2026-01-31', page: '/greenFinance' },
    });
  });
});

describe('the audit log reads as sentences', () => {
  const entry = {
    id: 1,
    at: '2026-11-26T09:00:00.000Z',
    actorEmail: 'wei.zhang@bank.example',
    action: 'review.approved',
    targetType: 'user',
    targetId: 'U1',
    detail: { note: null, email: 'tess@harbour.example' },
    ip: '203.0.113.5',
    targetName: 'Tess Lee',
    targetInstitution: 'Harbour Bank',
  };
  const stubAudit = () =>
    stubBackoffice((url) =>
      url.startsWith('/api/backend/audit')
        ? jsonResponse(envelope({ list: [entry], total: 1, pageNo: 1, pageSize: 20 }))
        : undefined,
    );

  it('in English', async () => {
    stubAudit();
    renderApp('/backend/audit');
    expect(
      await screen.findByText('Approved the registration of Tess Lee (Harbour Bank)', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/note/i)).toBeNull();
  });

  it('in Chinese', async () => {
    await setLocale('zh-CN');
    stubAudit();
    renderApp('/backend/audit');
    expect(await screen.findByText('批准了Tess Lee（Harbour Bank）的注册申请', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('用户')).toBeTruthy();
  });
});
