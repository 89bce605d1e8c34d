import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { MEMBER_USER } from '../../test/users.ts';

const DRAFTS = [
  {
    lgcSn: 'D1',
    itDpchlstRqmNm: 'Forfaiting of Vietnamese L/Cs',
    categoryCode: 'TRADE_FINANCE',
    choiceCode: 'TRADE_FINANCE_FORFAITING',
    subTypeCode: 'FORFAITING',
    astPrjTpcdName: 'Forfaiting',
    updateTime: '2026-11-20T08:00:00.000Z',
  },
  {
    lgcSn: 'D2',
    itDpchlstRqmNm: '',
    categoryCode: 'FUNDS_IN',
    choiceCode: null,
    subTypeCode: null,
    astPrjTpcdName: null,
    updateTime: '2026-11-19T08:00:00.000Z',
  },
];

const find = { timeout: 15_000 };

function stubDraftsApi(drafts: typeof DRAFTS) {
  const sent: { url: string; method: string }[] = [];
  let rows = [...drafts];
  stubPortalApi({
    user: MEMBER_USER,
    respond: (url, init) => {
      sent.push({ url, method: init.method ?? 'GET' });
      if (url.startsWith('/api/bthw/queryDraftByPage?')) {
        return jsonResponse(envelope({ list: rows, total: rows.length, pageNo: 1, pageSize: 10 }));
      }
      if (url.startsWith('/api/bthw/delDraftById/')) {
        const lgcSn = decodeURIComponent(url.split('/').pop() ?? '');
        rows = rows.filter((row) => row.lgcSn !== lgcSn);
        return jsonResponse(envelope(null));
      }
      return undefined;
    },
  });
  return sent;
}

describe('/userCenter/myDraft', () => {
  it('lists the drafts and deletes one after confirmation', { timeout: 60_000 }, async () => {
    const sent = stubDraftsApi(DRAFTS);
    renderApp('/userCenter/myDraft');
    const first = await screen.findByText('Forfaiting of Vietnamese L/Cs', {}, find);
    expect(first.closest('a')?.getAttribute('href')).toBe('/publishInfo?draft=D1');
    expect(screen.getByText('Untitled draft')).toBeTruthy();
    expect(screen.getByText('Type not chosen yet')).toBeTruthy();
    expect(sent.some((call) => call.url.includes('pageNo=1') && call.url.includes('pageSize=10'))).toBe(true);
    // The user-centre menu has the tab.
    expect(screen.getByText('My drafts', { selector: 'a' })).toBeTruthy();

    // Cancelled, the dialog leaves the page and the focus goes back to the row's button.
    const opener = screen.getByLabelText('Delete draft Forfaiting of Vietnamese L/Cs');
    opener.focus();
    fireEvent.click(opener);
    const cancelled = (await screen.findByText('Delete the draft “Forfaiting of Vietnamese L/Cs”?')).closest(
      '.ant-modal',
    ) as HTMLElement;
    const cancel = within(cancelled).getByText('Cancel').closest('button') as HTMLElement;
    cancel.focus();
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByText('Delete the draft “Forfaiting of Vietnamese L/Cs”?')).toBeNull());
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    const dialog = (await screen.findByText('Delete the draft “Forfaiting of Vietnamese L/Cs”?')).closest(
      '.ant-modal',
    ) as HTMLElement;
    // Nothing is deleted before the confirmation.
    expect(sent.some((call) => call.url.startsWith('/api/bthw/delDraftById/'))).toBe(false);
    fireEvent.click(within(dialog).getByText('Delete draft').closest('button') as HTMLElement);

    await screen.findByText('Draft deleted.', {}, find);
    expect(sent.find((call) => call.url.startsWith('/api/bthw/delDraftById/'))).toEqual({
      url: '/api/bthw/delDraftById/D1',
      method: 'POST',
    });
    await waitFor(() => expect(screen.queryByText('Forfaiting of Vietnamese L/Cs')).toBeNull(), find);
  });

  it('shows an empty state with a link to publish', { timeout: 60_000 }, async () => {
    stubDraftsApi([]);
    renderApp('/userCenter/myDraft');
    const link = await screen.findByText('Publish cooperation information', { selector: 'a' }, find);
    expect(link.getAttribute('href')).toBe('/publishInfo');
    expect(screen.getByText('You have no drafts.')).toBeTruthy();
  });
});
