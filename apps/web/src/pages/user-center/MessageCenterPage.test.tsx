import type { TMessageItem } from '@portal/shared/schemas/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { MEMBER_USER } from '../../test/users.ts';

function message(overrides: Partial<TMessageItem>): TMessageItem {
  return {
    lgcSn: 'M1',
    type: 'intentionReceived',
    content: 'Lakeside Bank sent an intention on “Forfaiting of a sight L/C”.',
    status: 'unread',
    publishDate: '2026-11-20T08:30:00.000Z',
    requestLgcSn: 'R1',
    requestName: 'Forfaiting of a sight L/C',
    institutionName: 'Lakeside Bank',
    link: null,
    ...overrides,
  };
}

const MESSAGES = [
  message({}),
  message({
    lgcSn: 'M2',
    type: 'match',
    content: 'A matching opportunity: “Syndicated loan for a port project”.',
    status: 'read',
    requestLgcSn: 'R2',
    institutionName: 'Northgate Trust',
  }),
  message({
    lgcSn: 'M3',
    type: 'intentionAgreed',
    content: 'Baltic Savings agreed to your intention on “RMB clearing”.',
    status: 'read',
    requestLgcSn: 'R3',
    institutionName: 'Baltic Savings',
  }),
];

type Call = { url: string; method: string; body: unknown };

function stubMessagesApi(options: { list?: TMessageItem[]; unread?: number } = {}) {
  const calls: Call[] = [];
  const list = options.list ?? MESSAGES;
  stubPortalApi({
    user: MEMBER_USER,
    respond: (url, init) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (!url.startsWith('/api/bthw/')) return undefined;
      calls.push({ url, method, body });
      if (url === '/api/bthw/queryMessageNum') return jsonResponse(envelope({ num: options.unread ?? 1 }));
      if (url.startsWith('/api/bthw/messages?')) {
        return jsonResponse(envelope({ list, total: list.length, pageNo: 1, pageSize: 10 }));
      }
      if (url === '/api/bthw/updateMessageStatusByLgcSn') {
        return jsonResponse(envelope({ count: (body as { lgcSns: string[] }).lgcSns.length }));
      }
      if (url === '/api/bthw/messages/readAll') return jsonResponse(envelope({ count: 1 }));
      return undefined;
    },
  });
  return { calls };
}

async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 5000 });
  return cell.closest('tr') as HTMLElement;
}

const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

describe('/userCenter/messageCenter', { timeout: 20_000 }, () => {
  it('lists the messages: unread ones bold with a dot, with type, institution and date', async () => {
    const { calls } = stubMessagesApi();
    renderApp('/userCenter/messageCenter');
    const unread = await rowOf(MESSAGES[0]!.content);
    expect(unread.className).toContain('message-row--unread');
    expect(within(unread).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(unread).getByText('Intention received')).toBeTruthy();
    expect(within(unread).getByText('Lakeside Bank')).toBeTruthy();
    const read = await rowOf(MESSAGES[1]!.content);
    expect(read.className).not.toContain('message-row--unread');
    expect(within(read).getByText('Matching opportunity')).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/bthw/messages?') && call.url.includes('status=all'))).toBe(
      true,
    );
  });

  it('says "No messages" when there are none', async () => {
    stubMessagesApi({ list: [], unread: 0 });
    renderApp('/userCenter/messageCenter');
    expect(await screen.findByText('No messages', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks for unread messages first, without calling the server, when the selection has none', async () => {
    const { calls } = stubMessagesApi();
    renderApp('/userCenter/messageCenter');
    fireEvent.click(within(await rowOf(MESSAGES[1]!.content)).getByRole('checkbox'));
    fireEvent.click(within(await rowOf(MESSAGES[2]!.content)).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark selected as read' }));
    expect(await screen.findByText('Please select unread messages first')).toBeTruthy();
    expect(posts(calls, '/api/bthw/updateMessageStatusByLgcSn')).toHaveLength(0);
  });

  it('asks for unread messages first when nothing is selected', async () => {
    const { calls } = stubMessagesApi();
    renderApp('/userCenter/messageCenter');
    await rowOf(MESSAGES[0]!.content);
    fireEvent.click(screen.getByRole('button', { name: 'Mark selected as read' }));
    expect(await screen.findByText('Please select unread messages first')).toBeTruthy();
    expect(posts(calls, '/api/bthw/updateMessageStatusByLgcSn')).toHaveLength(0);
  });

  it('marks the selected unread messages read, then reloads the list and the count', async () => {
    const { calls } = stubMessagesApi();
    renderApp('/userCenter/messageCenter');
    fireEvent.click(within(await rowOf(MESSAGES[0]!.content)).getByRole('checkbox'));
    fireEvent.click(within(await rowOf(MESSAGES[1]!.content)).getByRole('checkbox'));
    const listLoads = calls.filter((call) => call.url.startsWith('/api/bthw/messages?')).length;
    const countLoads = calls.filter((call) => call.url === '/api/bthw/queryMessageNum').length;

    fireEvent.click(screen.getByRole('button', { name: 'Mark selected as read' }));
    await waitFor(() => expect(posts(calls, '/api/bthw/updateMessageStatusByLgcSn')).toHaveLength(1));
    // Only the unread one of the selection is sent.
    expect(posts(calls, '/api/bthw/updateMessageStatusByLgcSn')[0]!.body).toEqual({ lgcSns: ['M1'] });
    expect(await screen.findByText('1 message marked as read.')).toBeTruthy();
    await waitFor(() => {
      expect(calls.filter((call) => call.url.startsWith('/api/bthw/messages?')).length).toBeGreaterThan(listLoads);
      expect(calls.filter((call) => call.url === '/api/bthw/queryMessageNum').length).toBeGreaterThan(countLoads);
    });
  });

  it('marks everything read after a confirmation', async () => {
    const { calls } = stubMessagesApi();
    renderApp('/userCenter/messageCenter');
    await rowOf(MESSAGES[0]!.content);
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(markAll.hasAttribute('disabled')).toBe(false));
    fireEvent.click(markAll);
    expect(await screen.findByText('Mark all messages as read?')).toBeTruthy();
    expect(posts(calls, '/api/bthw/messages/readAll')).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Mark all as read' }).at(-1) as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(posts(calls, '/api/bthw/messages/readAll')).toHaveLength(1));
    expect(await screen.findByText('All messages have been marked as read.')).toBeTruthy();
  });

  it('opening a message marks it read and opens its request', async () => {
    const { calls } = stubMessagesApi();
    const { router } = renderApp('/userCenter/messageCenter');
    const row = await rowOf(MESSAGES[0]!.content);
    fireEvent.click(within(row).getByRole('link', { name: `Open the request: ${MESSAGES[0]!.content}` }));
    await waitFor(() => expect(posts(calls, '/api/bthw/updateMessageStatusByLgcSn')).toHaveLength(1));
    expect(posts(calls, '/api/bthw/updateMessageStatusByLgcSn')[0]!.body).toEqual({ lgcSns: ['M1'] });
    expect(router.state.location.pathname).toBe('/cooperationDetail');
    expect(router.state.location.search).toBe('?lgcSn=R1');
  });

  it('filters by type and read status through the address', async () => {
    const { calls } = stubMessagesApi();
    renderApp('/userCenter/messageCenter?type=match&status=unread');
    await rowOf(MESSAGES[0]!.content);
    const listCall = calls.find((call) => call.url.startsWith('/api/bthw/messages?'));
    expect(listCall?.url).toContain('type=match');
    expect(listCall?.url).toContain('status=unread');
  });
});
