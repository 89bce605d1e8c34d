import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n/locale.ts';
import { ExpandableText } from './ExpandableText.tsx';

/** jsdom lays nothing out: the clamped box reports the heights a browser would. */
function layOut(scrollHeight: number, clientHeight: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
}

afterEach(() => vi.restoreAllMocks());

const LONG = 'We can take USD 2 million at the quoted price, '.repeat(12);

describe('a long text cut to two lines', () => {
  it('offers “More” when it does not fit, shows it all, and “Less” cuts it again', () => {
    layOut(120, 40);
    render(<ExpandableText text={LONG} />);
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const body = document.getElementById(more.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(body.textContent).toBe(LONG);
    expect(body.className).toContain('expandable-text__body--clamped');
    expect(body.style.getPropertyValue('--expandable-rows')).toBe('2');

    fireEvent.click(more);
    const less = screen.getByRole('button', { name: 'Less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    expect(body.className).not.toContain('expandable-text__body--clamped');

    fireEvent.click(less);
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
    expect(body.className).toContain('expandable-text__body--clamped');
  });

  it('offers nothing when the text fits', () => {
    layOut(40, 40);
    render(<ExpandableText text="Short." />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads in Chinese', async () => {
    await setLocale('zh-CN');
    layOut(120, 40);
    render(<ExpandableText text={LONG} />);
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(screen.getByRole('button', { name: '收起' })).toBeTruthy();
  });
});
