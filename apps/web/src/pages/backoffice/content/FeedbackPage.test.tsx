import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedbackItem } from '../../../features/content-admin/content-admin-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubReplyInbox } from './reply-inbox-stub.ts';

const WAITING: FeedbackItem = {
  lgcSn: 'F1',
  text: 'The cooperation list does not remember my filters after I open a request.',
  emailAdr: 'joao.silva@visitor.example',
  locale: 'zh-CN',
  userName: null,
  images: [{ lgcSn: 'I1', name: 'filters.png', size: 2048, mime: 'image/png', url: '/api/files/I1' }],
  createdAt: '2026-11-02T08:00:00.000Z',
  answer: null,
  answeredBy: null,
  answeredAt: null,
};

const ANSWER = 'Thank you, the filters are now kept in the address of the list.';

function stubFeedbackApi(list: FeedbackItem[] = [WAITING]) {
  return stubReplyInbox<FeedbackItem>({
    base: '/api/backend/feedback',
    list,
    replyUrl: '/api/backend/feedback/F1/answer',
    replied: (body) => ({
      ...WAITING,
      answer: body.answer ?? '',
      answeredAt: '2026-11-03T09:30:00.000Z',
      answeredBy: 'Wei Zhang',
    }),
  });
}

describe('/backend/content/feedback', { timeout: 40_000 }, () => {
  it('lists the waiting feedback, keeps the filter in the address', async () => {
    const { gets } = stubFeedbackApi();
    const { router } = renderApp('/backend/content/feedback');
    const cell = await screen.findByText(WAITING.text, {}, { timeout: 8000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('joao.silva@visitor.example')).toBeTruthy();
    expect(within(row).getByText('Visitor (not signed in)')).toBeTruthy();
    expect(within(row).getByText('Images: 1')).toBeTruthy();
    expect(within(row).getByText('Waiting', { selector: '.ant-tag' })).toBeTruthy();
    const first = new URL(gets()[0]!.url, 'http://portal.test');
    expect(Object.fromEntries(first.searchParams)).toEqual({ pageNo: '1', pageSize: '10', answered: '0' });

    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(router.state.location.search).toBe('?show=all'), { timeout: 8000 });
    await waitFor(
      () => {
        const last = new URL(gets().at(-1)!.url, 'http://portal.test');
        expect(Object.fromEntries(last.searchParams)).toEqual({ pageNo: '1', pageSize: '10' });
      },
      { timeout: 8000 },
    );
  });

  it('sends the answer only after the confirmation and shows it as answered', async () => {
    const { posts } = stubFeedbackApi();
    renderApp('/backend/content/feedback');
    await screen.findByText(WAITING.text, {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: /^Open the feedback from joao\.silva@visitor\.example of / }));

    const drawer = () => screen.getByRole('dialog');
    expect(await within(drawer()).findByText(WAITING.text, {}, { timeout: 8000 })).toBeTruthy();
    expect(within(drawer()).getByAltText('Image 1: filters.png (2 KB)')).toBeTruthy();

    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send answer' }));
    expect(await within(drawer()).findByText('Answer is required.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryAllByText('Send this answer?')).toHaveLength(0);

    fireEvent.change(within(drawer()).getByLabelText('Answer to joao.silva@visitor.example'), {
      target: { value: ANSWER },
    });
    fireEvent.click(within(drawer()).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findAllByText('Send this answer?', {}, { timeout: 8000 })).not.toHaveLength(0);
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getAllByRole('button', { name: 'Send answer' }).at(-1) as HTMLElement);
    await waitFor(
      () =>
        expect(posts()).toEqual([{ url: '/api/backend/feedback/F1/answer', method: 'POST', body: { answer: ANSWER } }]),
      { timeout: 8000 },
    );
    expect(
      await screen.findByText('The answer has been e-mailed to joao.silva@visitor.example.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(await screen.findByText(ANSWER, {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText(/^Wei Zhang · /)).toBeTruthy();
  });
});
