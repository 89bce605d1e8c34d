import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { intention, opportunity, signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

function stubCooperationApi() {
  const requests: URL[] = [];
  const posts: { url: string; body: unknown }[] = [];
  const page = (list: unknown[]) => jsonResponse(envelope({ list, total: list.length, pageNo: 1, pageSize: 10 }));
  stubPortalApi({
    user: signedInUser(),
    respond: (url, init) => {
      if (!url.startsWith('/api/bthw/')) return undefined;
      if (init.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return jsonResponse(envelope({ status: 'agreed' }));
      }
      const parsed = new URL(url, 'http://portal.test');
      requests.push(parsed);
      if (parsed.pathname === '/api/bthw/queryMyMessagesListPage') return page([intention()]);
      if (parsed.pathname === '/api/bthw/myReceiveListPageBySjPush')
        return page([
          {
            request: opportunity(),
            kind: 'system',
            instNm: 'Danube Trade Bank',
            swiftCode: 'DNTBATWW',
            pushTime: '2026-11-02T09:00:00.000Z',
          },
        ]);
      if (parsed.pathname === '/api/bthw/myListPage')
        return page([{ ...opportunity({ isMine: true }), pushedCount: 7, intentionCount: 3, agreedCount: 1 }]);
      return undefined;
    },
  });
  return { requests, posts };
}

const paths = (requests: URL[]) => requests.map((url) => `${url.pathname}?${url.searchParams}`);

describe('/userCenter/myCooperation', () => {
  it('filters the intentions received and asks before refusing one', { timeout: 40_000 }, async () => {
    const { requests, posts } = stubCooperationApi();
    renderApp('/userCenter/myCooperation');
    const row = (await screen.findByText('Nordic Harbour Bank', {}, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(paths(requests)).toContain('/api/bthw/queryMyMessagesListPage?box=received&status=all&pageNo=1&pageSize=10');

    fireEvent.click(screen.getByText('Unhandled'));
    await waitFor(() =>
      expect(paths(requests)).toContain(
        '/api/bthw/queryMyMessagesListPage?box=received&status=pending&pageNo=1&pageSize=10',
      ),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Refuse the intention of Nordic Harbour Bank' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Refuse the intention of Nordic Harbour Bank?')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/bthw/agreeOrRefuse', body: { intentionLgcSn: 'I1', decision: 'refuse' } }]),
    );
  });

  it('lists the opportunities matched by the system with institution, SWIFT and push time', {
    timeout: 40_000,
  }, async () => {
    stubCooperationApi();
    renderApp('/userCenter/myCooperation?tab=matched');
    const cell = await screen.findByText('DNTBATWW', {}, { timeout: 15_000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Danube Trade Bank')).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: 'View Forfaiting of a Vietcombank usance L/C' }).getAttribute('href'),
    ).toBe('/cooperationDetail?lgcSn=R1');
  });
});

describe('/userCenter/myPublish', () => {
  it('shows the counts of each request and confirms before invalidating', { timeout: 40_000 }, async () => {
    const { posts } = stubCooperationApi();
    renderApp('/userCenter/myPublish');
    const row = (await screen.findByText('Forfaiting of a Vietcombank usance L/C', {}, { timeout: 15_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Invalidate Forfaiting of a Vietcombank usance L/C' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    expect(posts).toEqual([]);
  });
});
