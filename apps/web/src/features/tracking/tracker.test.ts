import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTracker, sendBatch, TRACK_ENDPOINT, trackTargetOf } from './tracker.ts';

function bodiesOf(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

describe('event tracking client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing until the batch is full or the delay has passed, then one batch', () => {
    const tracker = createTracker({ flushDelayMs: 5_000, maxBatch: 20 });
    tracker.pageView('/home');
    tracker.click('/home', 'banner:1');
    tracker.pageView('/about');
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(TRACK_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(bodiesOf(fetchMock)[0]).toEqual({
      events: [
        { page: '/home', action: 'view', target: '' },
        { page: '/home', action: 'click', target: 'banner:1' },
        { page: '/about', action: 'view', target: '' },
      ],
    });
    expect(tracker.pending()).toEqual([]);
  });

  it('sends a full batch at once and keeps the rest for the next one', () => {
    const tracker = createTracker({ maxBatch: 3 });
    for (const path of ['/a', '/b', '/c', '/d']) tracker.pageView(path);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bodiesOf(fetchMock)[0].events).toHaveLength(3);
    expect(tracker.pending().map((event) => event.page)).toEqual(['/d']);
    tracker.flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bodiesOf(fetchMock)[1].events.map((event: { page: string }) => event.page)).toEqual(['/d']);
  });

  it('does not break the page when the server or the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const tracker = createTracker();
    tracker.pageView('/home');
    expect(() => tracker.flush()).not.toThrow();
    await vi.runAllTimersAsync();
    fetchMock.mockImplementation(() => {
      throw new Error('fetch blew up synchronously');
    });
    tracker.pageView('/about');
    expect(() => tracker.flush()).not.toThrow();
  });

  it('falls back to sendBeacon where fetch is missing', () => {
    vi.stubGlobal('fetch', undefined);
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    sendBatch(TRACK_ENDPOINT, [{ page: '/home', action: 'view', target: '' }], 'en-US');
    expect(sendBeacon).toHaveBeenCalledWith(TRACK_ENDPOINT, expect.any(Blob));
  });

  it('sends the path without its query string (it may carry an e-mail address)', () => {
    const tracker = createTracker();
    tracker.pageView('/home?emailAdr=a@bank.example&lgcSn=Q1');
    expect(tracker.pending()[0]?.page).toBe('/home');
  });

  it('names a click by the nearest element marked data-track', () => {
    document.body.innerHTML =
      '<div data-track="tile:news"><a href="#"><span id="inner">News</span></a></div><p id="plain">x</p>';
    expect(trackTargetOf(document.getElementById('inner'))).toBe('tile:news');
    expect(trackTargetOf(document.getElementById('plain'))).toBeNull();
    expect(trackTargetOf(null)).toBeNull();
    // Written outside React, so testing-library's cleanup does not remove it.
    document.body.innerHTML = '';
  });
});
