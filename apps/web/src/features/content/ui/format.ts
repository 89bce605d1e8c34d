import type { Locale } from '@portal/shared';
import dayjs from 'dayjs';

/** "12 March 2026" / "2026年3月12日"; the input as given when it is not a date. */
export function formatContentDate(value: string, locale: Locale): string {
  const date = dayjs(value);
  if (!date.isValid()) return value;
  return locale === 'zh-CN' ? date.format('YYYY年M月D日') : date.format('D MMMM YYYY');
}
