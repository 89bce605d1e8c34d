import { describe, expect, it } from 'vitest';
import { choiceParam, listView, textParam } from './list-view.ts';

const STATUSES = ['all', 'active', 'stopped'] as const;
const accounts = listView({ params: { q: textParam({ max: 5 }), status: choiceParam(STATUSES, 'all') } });

describe('listView', () => {
  it('reads the filters and the page from the address', () => {
    expect(accounts.read(new URLSearchParams('q=%20amy%20&status=stopped&page=3&size=20'))).toEqual({
      q: 'amy',
      status: 'stopped',
      pageNo: 3,
      pageSize: 20,
    });
  });

  it('falls back to the defaults for missing, unknown or malformed values, and caps the size', () => {
    expect(accounts.read(new URLSearchParams('q=abcdefgh&status=deleted&page=-2&size=500'))).toEqual({
      q: 'abcde',
      status: 'all',
      pageNo: 1,
      pageSize: 100,
    });
  });

  it('takes free text only when the filter accepts it, and "none chosen" as null', () => {
    const list = listView({
      params: {
        day: textParam({ accept: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) }),
        type: choiceParam(STATUSES, null),
      },
    });
    expect(list.read(new URLSearchParams('day=yesterday&type=x'))).toMatchObject({ day: '', type: null });
    expect(list.read(new URLSearchParams('day=2026-03-12&type=active'))).toMatchObject({
      day: '2026-03-12',
      type: 'active',
    });
  });

  it('writes changes, keeps other keys and leaves the defaults out', () => {
    const current = new URLSearchParams('institution=I1&q=amy&page=4');
    expect(accounts.withChanges(current, { q: 'kevin', page: null }).toString()).toBe('institution=I1&q=kevin');
    expect(
      accounts.withChanges(new URLSearchParams('status=stopped'), { status: 'all', page: '1', size: '10' }).toString(),
    ).toBe('');
  });

  it('has its own default page size', () => {
    const audit = listView({ params: {}, pageSize: 20 });
    expect(audit.read(new URLSearchParams()).pageSize).toBe(20);
    expect(audit.withPage(new URLSearchParams('page=2'), 3, 20).toString()).toBe('page=3');
    expect(audit.withPage(new URLSearchParams('page=2'), 3, 10).toString()).toBe('page=3&size=10');
  });

  it('keeps the page on a new page size, unless the list starts again from page 1', () => {
    const restart = listView({ params: {}, firstPageOnNewSize: true });
    expect(accounts.withPage(new URLSearchParams('page=2'), 2, 50).toString()).toBe('page=2&size=50');
    expect(restart.withPage(new URLSearchParams('page=2'), 2, 50).toString()).toBe('size=50');
    expect(restart.withPage(new URLSearchParams('page=2&size=50'), 4, 50).toString()).toBe('page=4&size=50');
  });
});
