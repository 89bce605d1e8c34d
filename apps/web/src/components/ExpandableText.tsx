import './expandable-text.css';
import { type CSSProperties, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames as cx } from './class-names.ts';

/**
 * A long text cut to a few lines, with a "More" / "Less" button when it does not fit (the button is
 * a real button with aria-expanded, so keyboards and screen readers reach the rest too). Whether it
 * fits is measured, and measured again when the box changes width.
 */
export function ExpandableText({ text, rows = 2, className }: { text: string; rows?: number; className?: string }) {
  const { t } = useTranslation('common');
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the text changes
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <span className={cx('expandable-text', className)}>
      <span
        ref={ref}
        id={id}
        className={cx('expandable-text__body', !expanded && 'expandable-text__body--clamped')}
        style={{ '--expandable-rows': rows } as CSSProperties}
      >
        {text}
      </span>
      {overflows || expanded ? (
        <button
          type="button"
          className="expandable-text__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('expandable.less') : t('expandable.more')}
        </button>
      ) : null}
    </span>
  );
}
