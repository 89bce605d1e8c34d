import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCountdown } from './useCountdown.ts';

describe('useCountdown (e-mail code resend wait)', () => {
  it('counts 60 seconds down to zero and then stops', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ remaining: 0, running: false });

    act(() => result.current.start(60));
    expect(result.current).toMatchObject({ remaining: 60, running: true });

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current.remaining).toBe(59);

    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(result.current).toMatchObject({ remaining: 1, running: true });

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toMatchObject({ remaining: 0, running: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the clock, so a throttled tab still ends on time', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // The interval does not fire while the clock jumps 45 s (a background tab).
    vi.setSystemTime(Date.now() + 45_000);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(result.current.remaining).toBe(15);
  });

  it('can be stopped, and restarted with the wait the server asks for', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => result.current.stop());
    expect(result.current.running).toBe(false);
    act(() => result.current.start(30));
    expect(result.current.remaining).toBe(30);
    act(() => result.current.start(0));
    expect(result.current.running).toBe(false);
  });
});
