import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TrackingHost } from './TrackingHost.tsx';
import type { Tracker } from './tracker.ts';

function fakeTracker(): Tracker & { pageView: ReturnType<typeof vi.fn>; click: ReturnType<typeof vi.fn> } {
  return { pageView: vi.fn(), click: vi.fn(), flush: vi.fn(), pending: () => [] };
}

describe('TrackingHost', () => {
  it('records a page view per route and a click per data-track element', async () => {
    const tracker = fakeTracker();
    const Page = () => (
      <>
        <TrackingHost tracker={tracker} />
        <Link to="/about" data-track="nav:about">
          About
        </Link>
        <button type="button">Untracked</button>
      </>
    );
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/home'] });
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

  it('sends what is queued when the page is left', () => {
    const tracker = fakeTracker();
    const router = createMemoryRouter([{ path: '*', element: <TrackingHost tracker={tracker} /> }]);
    render(<RouterProvider router={router} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(tracker.flush).toHaveBeenCalled();
  });
});
