/** How the portal's tables show times and dates (the reader's clock, '—' when there is none). */
import dayjs from 'dayjs';

/** A time as the tables show it: `2026-03-12 14:05`. */
export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
}

/** A date without the time: `2026-03-12`. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '—';
}
