/**
 * How the portal shows times and dates: the reader's clock, with its offset from UTC, since the
 * portal is read across continents ('—' when there is none). Dates without a time stay bare.
 */
import dayjs from 'dayjs';

/** The offset of a local time from UTC: `UTC+8`, `UTC-5`, `UTC+05:30`, `UTC` (no offset). */
export function formatUtcOffset(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return minutes === 0
    ? `UTC${sign}${hours}`
    : `UTC${sign}${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** A time as the portal shows it: `2026-03-12 14:05 UTC+8`, in the reader's zone. */
export function formatTime(value: string | null | undefined): string {
  return formatIn(value, 'YYYY-MM-DD HH:mm');
}

/** With seconds, for logs: `2026-03-12 14:05:09 UTC+8`. */
export function formatTimeWithSeconds(value: string | null | undefined): string {
  return formatIn(value, 'YYYY-MM-DD HH:mm:ss');
}

function formatIn(value: string | null | undefined, pattern: string): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? `${time.format(pattern)} ${formatUtcOffset(time.utcOffset())}` : '—';
}

/** The full time in ISO 8601 with the reader's offset, for a tooltip: `2026-03-12T14:05:09+08:00`. */
export function isoTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DDTHH:mm:ssZ') : '';
}

/** A date without the time: `2026-03-12`. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '—';
}
