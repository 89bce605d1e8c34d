import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeaveMessageItem } from '../../../features/content-admin/content-admin-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubReplyInbox } from './reply-inbox-stub.ts';

const WAITING: LeaveMessageItem = {
  lgcSn: 'L1',
  content: 'Could the bank arrange a meeting about trade finance in Lisbon?',
  createdAt: '2026-11-02T08:00:00.000Z',
  reply: null,
  repliedAt: null,
  userName: 'Ana Costa',
  emailAdr: 'ana.costa@lusotrade.example',
  institution: 'Luso Trade Lda.',
  repliedBy: null,
};

const REPLY = 'Thank you, our Lisbon branch will contact you this week.';

function stubLeaveMessagesApi(list: LeaveMessageItem[] = [WAITING]) {
  return stubReplyInbox<LeaveMessageItem>({
    base: '/api/backend/leaveMessages',
    list,
    replyUrl: '/api/backend/leaveMessages/L1/reply',
    replied: (body) => ({
      ...WAITING,
      reply: body.reply ?? '',
      repliedAt: '2026-11-03T09:30:00.000Z',
      repliedBy: 'Wei Zhang',
    }),
  });
}

describe('/backend/content/leaveMessages', { timeout: 40_000 }, () => {
  it('lists the waiting messages, keeps the filter and page in the address', async () => {
    const { gets } = stubLeaveMessagesApi();
    const { router } = renderApp('/backend/content/leaveMessages?page=2&size=20');
    const cell = await screen.findByText(WAITING.content, {}, { timeout: 8000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Ana Costa')).toBeTruthy();
    expect(within(row).getByText('Luso Trade Lda.')).toBeTruthy();
    expect(within(row).getByText('Waiting')).toBeTruthy();
    const first = new URL(gets()[0]!.url, 'http://portal.test');
    expect(Object.fromEntries(first.searchParams)).toEqual({ pageNo: '2', pageSize: '20', replied: '0' });

    fireEvent.click(screen.getByText('Replied'));
    await waitFor(() => expect(router.state.location.search).toBe('?size=20&show=answered'), { timeout: 8000 });
    await waitFor(
      () => {
        const last = new URL(gets().at(-1)!.url, 'http://portal.test');
        expect(Object.fromEntries(last.searchParams)).toEqual({ pageNo: '1', pageSize: '20', replied: '1' });
      },
      { timeout: 8000 },
    );
  });

  it('sends the reply only after the confirmation, with the typed text, and shows it as replied', async () => {
    const { posts } = stubLeaveMessagesApi();
    renderApp('/backend/content/leaveMessages');
    await screen.findByText(WAITING.content, {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: /^Open the message from Ana Costa of / }));

    const drawer = () => screen.getByRole('dialog');
    expect(await within(drawer()).findByText('ana.costa@lusotrade.example', {}, { timeout: 8000 })).toBeTruthy();
    expect(within(drawer()).getByText('Luso Trade Lda.')).toBeTruthy();
    expect(within(drawer()).getByText(WAITING.content)).toBeTruthy();

    // Empty: the schema's message, no confirmation, nothing sent.
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send reply' }));
    expect(await within(drawer()).findByText('Reply is required.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryAllByText('Send this reply?')).toHaveLength(0);

    fireEvent.change(within(drawer()).getByLabelText('Reply to Ana Costa'), { target: { value: REPLY } });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findAllByText('Send this reply?', {}, { timeout: 8000 })).not.toHaveLength(0);
    expect(
      screen.getByText('It is e-mailed to ana.costa@lusotrade.example now and cannot be changed afterwards.'),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getAllByRole('button', { name: 'Send reply' }).at(-1) as HTMLElement);

    await waitFor(
      () =>
        expect(posts()).toEqual([
          { url: '/api/backend/leaveMessages/L1/reply', method: 'POST', body: { reply: REPLY } },
        ]),
      { timeout: 8000 },
    );
    expect(
      await screen.findByText('The reply has been e-mailed to ana.costa@lusotrade.example.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(await screen.findByText(REPLY, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText(/^Wei Zhang · /)).toBeTruthy();
  });
});
