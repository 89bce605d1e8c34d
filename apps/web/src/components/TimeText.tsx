import { formatTime, formatTimeWithSeconds, isoTime } from './time-cells.ts';

/**
 * A time in the reader's zone with its UTC offset (`2026-11-24 22:24 UTC+8`), as a `<time>`
 * element whose tooltip holds the full ISO time.
 */
export function TimeText({ value, seconds }: { value: string | null | undefined; seconds?: boolean }) {
  const iso = isoTime(value);
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} title={iso}>
      {seconds ? formatTimeWithSeconds(value) : formatTime(value)}
    </time>
  );
}
