import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TrackingHost } from './TrackingHost.tsx';
import type { Tracker } from './tracker.ts';

function fakeTracker() {
  const tracker = {
    pageView: vi.fn<(path: string) => void>(),
    click: vi.fn<(path: string, target: string) => void>(),
    flush: vi.fn<() => void>(),
    pending: () => [],
    discard: vi.fn<() => void>(),
  };
  return tracker satisfies Tracker;
}

function Page({ tracker }: { tracker: Tracker }) {
  return (
    <>
      <TrackingHost tracker={tracker} />
      <Link to="/about" data-track="nav:about">
        About
      </Link>
      <button type="button">Untracked</button>
    </>
  );
}

describe('TrackingHost', () => {
  it('records a page view per route and a click per data-track element', async () => {
    const tracker = fakeTracker();
    const router = createMemoryRouter([{ path: '*', element: <Page tracker={tracker} /> }], {
      initialEntries: ['/home'],
    });
    render(<RouterProvider router={router} />);
    expect(tracker.pageView).toHaveBeenCalledWith('/home');

    fireEvent.click(screen.getByRole('button', { name: 'Untracked' }));
    expect(tracker.click).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'About' }));
    });
    expect(tracker.click).toHaveBeenCalledWith('/home', 'nav:about');
    expect(tracker.pageView).toHaveBeenLastCalledWith('/about');
  });

  it('does not count the back office', async () => {
    const tracker = fakeTracker();
    const router = createMemoryRouter([{ path: '*', element: <Page tracker={tracker} /> }], {
      initialEntries: ['/backend/registrations'],
    });
    render(<RouterProvider router={router} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'About' }));
    });
    expect(tracker.click).not.toHaveBeenCalled();
    expect(tracker.pageView.mock.calls).toEqual([['/about']]);
  });

  it('sends what is queued when the page is left', () => {
    const tracker = fakeTracker();
    const router = createMemoryRouter([{ path: '*', element: <TrackingHost tracker={tracker} /> }]);
    render(<RouterProvider router={router} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(tracker.flush).toHaveBeenCalled();
  });
});
