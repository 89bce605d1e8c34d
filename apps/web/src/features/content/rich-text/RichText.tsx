import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize.ts';

/** Article bodies and topic texts from the back office, sanitised again before they render. */
export function RichText({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify right above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
