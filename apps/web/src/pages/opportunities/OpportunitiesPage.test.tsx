import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { opportunity, signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const ITEMS = [
  opportunity(),
  opportunity({
    lgcSn: 'R2',
    itDpchlstRqmNm: 'Syndicated loan for a Lagos port terminal',
    instNm: 'Harbourview Commercial Bank',
    isMine: true,
  }),
  opportunity({ lgcSn: 'R3', itDpchlstRqmNm: 'Panda bond cornerstone investors', intentionStatus: 'pending' }),
];

function stubListApi() {
  const requests: URL[] = [];
  stubPortalApi({
    user: signedInUser(),
    respond: (url) => {
      if (url.startsWith('/api/bthw/listPage')) {
        const parsed = new URL(url, 'http://portal.test');
        requests.push(parsed);
        return jsonResponse(
          envelope({
            list: ITEMS,
            total: 42,
            totalCapped: false,
            pageNo: Number(parsed.searchParams.get('pageNo')),
            pageSize: Number(parsed.searchParams.get('pageSize')),
          }),
        );
      }
      return undefined;
    },
  });
  return requests;
}

const last = (requests: URL[]) => requests[requests.length - 1] as URL;

describe('/release', () => {
  it('lists requests with the filters of the address, their state and paging', { timeout: 60_000 }, async () => {
    const requests = stubListApi();
    renderApp('/release?direction=PROVIDE_FUNDING&q=usance&page=2');
    const row = (await screen.findByText('Forfaiting of a Vietcombank usance L/C', {}, { timeout: 15_000 })).closest(
      'tr',
    );
    expect(Object.fromEntries(last(requests).searchParams)).toEqual({
      direction: 'PROVIDE_FUNDING',
      q: 'usance',
      pageNo: '2',
      pageSize: '10',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Business Opportunities' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Publish cooperation information' }).getAttribute('href')).toBe(
      '/publishInfo',
    );
    expect(screen.getByText('42 requests found')).toBeTruthy();
    expect(within(row as HTMLElement).getByRole('button', { name: /Follow Forfaiting/ })).toBeTruthy();
    // Own institution's request: tagged, no Follow toggle; an intention sent: tagged.
    const mine = screen.getByText('Syndicated loan for a Lagos port terminal').closest('tr') as HTMLElement;
    expect(within(mine).getByText('My institution')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /Follow/ })).toBeNull();
    const sent = screen.getByText('Panda bond cornerstone investors').closest('tr') as HTMLElement;
    expect(within(sent).getByText('Intention sent')).toBeTruthy();
    // Jump to page and the page size are offered.
    expect(document.querySelector('.ant-pagination-options-quick-jumper input')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeTruthy();
  });

  it('searches with the filters entered, from page 1, and keeps them in the address', { timeout: 40_000 }, async () => {
    const requests = stubListApi();
    const { router } = renderApp('/release?page=3');
    await screen.findByText('Forfaiting of a Vietcombank usance L/C', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: '  port terminal ' } });
    fireEvent.change(screen.getByLabelText('Issuing agency'), { target: { value: 'Harbourview' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?institution=Harbourview&q=port+terminal'));
    await waitFor(() =>
      expect(Object.fromEntries(last(requests).searchParams)).toEqual({
        institution: 'Harbourview',
        q: 'port terminal',
        pageNo: '1',
        pageSize: '10',
      }),
    );
  });

  it('reset clears every filter', { timeout: 40_000 }, async () => {
    const requests = stubListApi();
    const { router } = renderApp('/release?direction=REQUEST_FUNDING&country=AT&q=bonds&size=20');
    await screen.findByText('Forfaiting of a Vietcombank usance L/C', {}, { timeout: 15_000 });
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('bonds');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=20'));
    await waitFor(() =>
      expect(Object.fromEntries(last(requests).searchParams)).toEqual({ pageNo: '1', pageSize: '20' }),
    );
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('');
  });

  it('says so when no request matches', { timeout: 40_000 }, async () => {
    stubPortalApi({
      user: signedInUser(),
      respond: (url) =>
        url.startsWith('/api/bthw/listPage')
          ? jsonResponse(envelope({ list: [], total: 0, totalCapped: false, pageNo: 1, pageSize: 10 }))
          : undefined,
    });
    renderApp('/release?q=zzz');
    expect(
      await screen.findByText('No request matches these filters. Change or reset them.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
