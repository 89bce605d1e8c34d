import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyableCode } from './CopyableCode.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const HASH = 'AB:CD:EF';

describe('a value with a button that copies it', () => {
  it('copies the whole value, says so for three seconds to the eye and to a screen reader, then offers to copy again', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers();
    render(
      <CopyableCode text={HASH} copyLabel="Copy the full SHA-256" copiedLabel="Copied">
        <span>AB…EF</span>
      </CopyableCode>,
    );
    expect(screen.getByText('AB…EF').closest('code')).not.toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the full SHA-256' }));
    });
    expect(writeText).toHaveBeenCalledWith(HASH);
    expect(screen.getByRole('button', { name: 'Copied' }).title).toBe('Copied');
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Copy the full SHA-256' })).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('copies through a selection where the page has no Clipboard API (plain HTTP)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const copied: string[] = [];
    document.execCommand = vi.fn(() => {
      copied.push(document.querySelector('textarea')?.value ?? '');
      return true;
    });
    render(<CopyableCode text={HASH} copyLabel="Copy" copiedLabel="Copied" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(copied).toEqual([HASH]);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(document.querySelector('textarea')).toBeNull();
    vi.unstubAllGlobals();
  });
});
