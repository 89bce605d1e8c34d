import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { trackPending } from '../../lib/api/pending.ts';
import { LOADING_MASK_DELAY_MS, LoadingMask } from './LoadingMask.tsx';

describe('LoadingMask', () => {
  it('appears only when requests stay pending past the delay, and leaves when they end', async () => {
    vi.useFakeTimers();
    render(<LoadingMask />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('false');

    let done = () => {};
    act(() => {
      done = trackPending();
    });
    await act(() => vi.advanceTimersByTimeAsync(LOADING_MASK_DELAY_MS - 1));
    expect(status.textContent).toBe('');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading, please wait…');

    act(() => done());
    expect(status.getAttribute('aria-busy')).toBe('false');
    expect(status.textContent).toBe('');
  });
});
