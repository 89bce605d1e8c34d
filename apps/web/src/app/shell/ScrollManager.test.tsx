import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SCROLL_RESET_DELAY_MS, ScrollManager } from './ScrollManager.tsx';

function renderWithScrollManager() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollManager />
            <Outlet />
          </>
        ),
        children: [
          { path: '/a', element: <p>A</p> },
          { path: '/b', element: <p>B</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function scrollWindowTo(top: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollManager', () => {
  it('scrolls to the top 200 ms after a new navigation', async () => {
    vi.useFakeTimers();
    const router = renderWithScrollManager();
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();

    await act(() => router.navigate('/b'));
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_RESET_DELAY_MS - 1));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('restores the position of the entry on back', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    const router = renderWithScrollManager();
    const scrollTo = vi.mocked(window.scrollTo);
    scrollWindowTo(640);

    await act(() => router.navigate('/b'));
    scrollWindowTo(0);
    scrollTo.mockClear();

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/a');
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
  });
});
