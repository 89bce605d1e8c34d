import type { Locale } from '@portal/shared';
import type { ContentLanguage } from './BilingualFields.tsx';

/** Which half of a bilingual text the reader's locale shows. */
export function contentLanguage(locale: Locale): ContentLanguage {
  return locale === 'zh-CN' ? 'zh' : 'en';
}
