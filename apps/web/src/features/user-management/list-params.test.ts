import { describe, expect, it } from 'vitest';
import { readListView, withChanges } from './list-params.ts';

describe('readListView', () => {
  it('reads search, status and page from the address', () => {
    expect(readListView(new URLSearchParams('q=%20amy%20&status=stopped&page=3&size=20'))).toEqual({
      q: 'amy',
      status: 'stopped',
      pageNo: 3,
      pageSize: 20,
    });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(readListView(new URLSearchParams('status=deleted&page=-2&size=abc'))).toEqual({
      q: '',
      status: 'all',
      pageNo: 1,
      pageSize: 10,
    });
  });

  it('caps the page size at 100 like the server', () => {
    expect(readListView(new URLSearchParams('size=500')).pageSize).toBe(100);
  });
});

describe('withChanges', () => {
  it('sets and removes keys, keeping the others (an institution filter stays)', () => {
    const next = withChanges(new URLSearchParams('institution=I1&q=amy&page=4'), { q: 'kevin', page: null });
    expect(next.toString()).toBe('institution=I1&q=kevin');
  });

  it('leaves the defaults out of the address', () => {
    const next = withChanges(new URLSearchParams('status=stopped'), { status: 'all', page: '1', size: '10' });
    expect(next.toString()).toBe('');
  });
});
