import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { opportunity, signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { phoneWindow } from '../../test/phone-window.ts';
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

  it('on a phone: cards, the Filters drawer with a count, and the compact pager', { timeout: 60_000 }, async () => {
    phoneWindow(vi);
    const requests = stubListApi();
    const { router } = renderApp('/release?country=AT');
    const name = await screen.findByText('Forfaiting of a Vietcombank usance L/C', {}, { timeout: 15_000 });
    // A card per request, no table, no filter panel before the results.
    const card = name.closest('li') as HTMLElement;
    expect(card.classList.contains('opportunity-card')).toBe(true);
    expect(document.querySelector('table')).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
    for (const label of [
      'Publishing institution',
      'Project type',
      'Currency / Amount',
      'Term',
      'Price',
      'Publish date',
    ]) {
      expect(within(card).getByText(label)).toBeTruthy();
    }
    expect(within(card).getByRole('link', { name: 'View Forfaiting of a Vietcombank usance L/C' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: /Follow Forfaiting/ })).toBeTruthy();
    const mine = screen.getByText('Syndicated loan for a Lagos port terminal').closest('li') as HTMLElement;
    expect(within(mine).getByText('My institution')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /Follow/ })).toBeNull();

    // One filter set: the button says so; the drawer has the filter fields, Apply searches.
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 1 applied' }));
    const form = await screen.findByRole('search');
    expect(within(form).getByLabelText('Demand type')).toBeTruthy();
    expect(within(form).getByLabelText('Release date')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Keyword'), { target: { value: 'usance' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?country=AT&q=usance'));
    await waitFor(() => expect(last(requests).searchParams.get('q')).toBe('usance'));
    expect(await screen.findByRole('button', { name: 'Filters, 2 applied' })).toBeTruthy();

    // The pager: 42 in total, next page from the address.
    expect(screen.getByText('42 in total')).toBeTruthy();
    fireEvent.click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(router.state.location.search).toBe('?country=AT&q=usance&page=2'));
    await waitFor(() => expect(last(requests).searchParams.get('pageNo')).toBe('2'));
  });
});
