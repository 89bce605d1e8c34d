/**
 * Times show the reader's zone. Node reads TZ again whenever it is assigned, so each case runs in
 * the zone it names whatever zone the machine has.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatTime, formatTimeWithSeconds, formatUtcOffset, isoTime } from './time-cells.ts';

const machineZone = process.env.TZ;
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

const AT = '2026-11-24T14:24:09.000Z';

describe('formatTime', () => {
  it.each([
    ['Asia/Shanghai', '2026-11-24 22:24 UTC+8', '2026-11-24T22:24:09+08:00'],
    ['America/New_York', '2026-11-24 09:24 UTC-5', '2026-11-24T09:24:09-05:00'],
    ['Asia/Kolkata', '2026-11-24 19:54 UTC+05:30', '2026-11-24T19:54:09+05:30'],
    ['UTC', '2026-11-24 14:24 UTC', '2026-11-24T14:24:09+00:00'],
  ])('in %s reads %s', (zone, shown, iso) => {
    process.env.TZ = zone;
    expect(formatTime(AT)).toBe(shown);
    expect(isoTime(AT)).toBe(iso);
  });

  it('follows summer time: New York in July is UTC-4', () => {
    process.env.TZ = 'America/New_York';
    expect(formatTime('2026-07-01T12:00:00.000Z')).toBe('2026-07-01 08:00 UTC-4');
  });

  it('shows seconds for logs, and a dash for no time', () => {
    process.env.TZ = 'Asia/Shanghai';
    expect(formatTimeWithSeconds(AT)).toBe('2026-11-24 22:24:09 UTC+8');
    expect(formatTime(null)).toBe('—');
    expect(formatTime('')).toBe('—');
    expect(formatTime('not a time')).toBe('—');
    expect(isoTime(undefined)).toBe('');
  });

  it('leaves dates without a time bare', () => {
    process.env.TZ = 'America/New_York';
    expect(formatDate('2026-11-24')).toBe('2026-11-24');
  });
});

describe('formatUtcOffset', () => {
  it('writes whole hours short and other offsets with minutes', () => {
    expect(formatUtcOffset(480)).toBe('UTC+8');
    expect(formatUtcOffset(-300)).toBe('UTC-5');
    expect(formatUtcOffset(330)).toBe('UTC+05:30');
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
    expect(formatUtcOffset(0)).toBe('UTC');
  });
});
