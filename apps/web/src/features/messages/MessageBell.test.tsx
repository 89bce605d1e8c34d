import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers/query-client.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { MEMBER_USER } from '../../test/users.ts';
import { CURRENT_USER_QUERY_KEY, forgetCurrentUser, setCurrentUser } from '../accounts/current-user.ts';
import { COOPERATION_QUERY_ROOT } from '../cooperation/query-root.ts';
import { MessageBell } from './MessageBell.tsx';
import { MESSAGE_STREAM_PATH, UNREAD_COUNT_PATH } from './messages-api.ts';
import { POLL_INTERVAL_MS, RECONNECT_DELAYS_MS } from './unread-stream.ts';

/** Stands in for the browser's EventSource: the test opens it, sends events and fails it. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data?: string) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }
}

/** The server: the user (or a visitor) and the unread counts it answers, one per call (the last repeats). */
function stubServer(options: { user: TUserInfo | null; counts: number[] }) {
  const countCalls: string[] = [];
  stubPortalApi({
    user: options.user,
    respond: (url) => {
      if (url !== UNREAD_COUNT_PATH) return undefined;
      countCalls.push(url);
      const num = options.counts[Math.min(countCalls.length, options.counts.length) - 1] ?? 0;
      return jsonResponse(envelope({ num }));
    },
  });
  return { countCalls };
}

function renderBell() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <MessageBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}

/** The visible count badge (antd keeps a hidden one while its leave animation runs). */
const badge = () => document.querySelector('.message-bell .ant-badge-count:not([data-show="false"])');

beforeEach(() => {
  FakeEventSource.instances = [];
});

afterEach(() => {
  FakeEventSource.instances = [];
});

describe('MessageBell', { timeout: 15_000 }, () => {
  it('shows nothing to a visitor and opens no stream', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { countCalls } = stubServer({ user: null, counts: [3] });
    const { queryClient } = renderBell();
    await waitFor(() => expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull());
    expect(screen.queryByRole('link')).toBeNull();
    expect(countCalls).toHaveLength(0);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('hides the badge when nothing is unread', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { countCalls } = stubServer({ user: MEMBER_USER, counts: [0] });
    renderBell();
    const link = await screen.findByRole('link', { name: 'Messages, 0 unread' });
    await waitFor(() => expect(countCalls).toHaveLength(1));
    expect(link.getAttribute('href')).toBe('/userCenter/messageCenter');
    expect(badge()).toBeNull();
  });

  it('shows the unread count from queryMessageNum', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubServer({ user: MEMBER_USER, counts: [3] });
    renderBell();
    await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(badge()?.getAttribute('title')).toBe('3');
  });

  it('follows the count the stream sends, without a reload', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubServer({ user: MEMBER_USER, counts: [1] });
    renderBell();
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    const source = FakeEventSource.latest();
    expect(source.url).toBe(MESSAGE_STREAM_PATH);

    act(() => {
      source.emit('open');
      source.emit('unread', '{"num":4}');
    });
    await screen.findByRole('link', { name: 'Messages, 4 unread' });
    expect(badge()?.getAttribute('title')).toBe('4');

    act(() => source.emit('unread', '{"num":0}'));
    await screen.findByRole('link', { name: 'Messages, 0 unread' });
    await waitFor(() => expect(badge()).toBeNull());
  });

  it('marks open marketplace pages stale when a new message arrives, not when one is read', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubServer({ user: MEMBER_USER, counts: [1] });
    const { queryClient } = renderBell();
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    const detailKey = [...COOPERATION_QUERY_ROOT, 'detail', 'R1'];
    queryClient.setQueryData(detailKey, { lgcSn: 'R1' });
    const source = FakeEventSource.latest();

    act(() => source.emit('unread', '{"num":0}'));
    await screen.findByRole('link', { name: 'Messages, 0 unread' });
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(false);

    act(() => source.emit('unread', '{"num":1}'));
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(true);
  });

  it('ignores stream events that are not a count', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubServer({ user: MEMBER_USER, counts: [2] });
    renderBell();
    await screen.findByRole('link', { name: 'Messages, 2 unread' });
    act(() => FakeEventSource.latest().emit('unread', 'not json'));
    act(() => FakeEventSource.latest().emit('unread', '{"num":"many"}'));
    expect(screen.getByRole('link', { name: 'Messages, 2 unread' })).toBeTruthy();
  });

  it('polls every 10 s when the stream fails, and reopens the stream with backoff', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', FakeEventSource);
    const { countCalls } = stubServer({ user: MEMBER_USER, counts: [1, 5] });
    renderBell();
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    const first = FakeEventSource.latest();
    act(() => first.emit('open'));

    act(() => first.emit('error'));
    expect(first.closed).toBe(true);

    // Reopened after the first backoff step…
    await act(() => vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]));
    expect(FakeEventSource.instances).toHaveLength(2);
    // …which fails again; meanwhile the count is polled.
    act(() => FakeEventSource.latest().emit('error'));
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await screen.findByRole('link', { name: 'Messages, 5 unread' });
    expect(countCalls.length).toBeGreaterThanOrEqual(2);
  });

  it('polls every 10 s when the browser has no EventSource', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('EventSource', undefined);
    const { countCalls } = stubServer({ user: MEMBER_USER, counts: [1, 6] });
    renderBell();
    await screen.findByRole('link', { name: 'Messages, 1 unread' });
    expect(countCalls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await screen.findByRole('link', { name: 'Messages, 6 unread' });
    expect(countCalls).toHaveLength(2);
  });

  it('fetches the count after log-in and closes the stream on logout', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { countCalls } = stubServer({ user: null, counts: [2] });
    const { queryClient } = renderBell();
    await waitFor(() => expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull());
    expect(countCalls).toHaveLength(0);

    act(() => setCurrentUser(queryClient, MEMBER_USER));
    await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(countCalls).toHaveLength(1);
    const source = FakeEventSource.latest();
    expect(source.closed).toBe(false);

    act(() => forgetCurrentUser(queryClient));
    await waitFor(() => expect(screen.queryByRole('link')).toBeNull());
    expect(source.closed).toBe(true);
  });
});
