import './form-error-summary.css';
import { createElement, type MouseEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type FormErrorSummaryItem = {
  /** The field's key (`pathKey` of its name), given back to `onSelect`. */
  key: string;
  /** What is wrong, naming the field ("Price must be at most 100."). */
  message: string;
  /** The id of the field's control, the link's target when scripts do not handle the click. */
  targetId?: string;
};

export type FormErrorSummaryProps = {
  items: readonly FormErrorSummaryItem[];
  /** Moves to the field: focus it and scroll it into view (antd: `form.scrollToField(name, { focus: true })`). */
  onSelect: (key: string) => void;
  /** Changes on each failed submit: the summary takes the focus again, so it is read out. */
  attempt?: number;
  /** The heading's level in the page's outline (3 under a step's h2). */
  headingLevel?: 2 | 3 | 4;
  /** A title of the caller's; by default "There is a problem: n fields need correcting". */
  title?: string;
};

/**
 * The errors of a long form after a failed submit, at its top (GOV.UK error summary pattern):
 * a heading with the count and one link per error that moves to its field. It is announced
 * (`role="alert"`) and focused on each failed attempt; nothing is drawn when there is no error.
 */
export function FormErrorSummary({ items, onSelect, attempt = 0, headingLevel = 2, title }: FormErrorSummaryProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus on each new attempt only, not as errors get fixed
  useEffect(() => {
    if (shown && attempt > 0) box.current?.focus();
  }, [attempt]);

  if (!shown) return null;
  const select = (event: MouseEvent<HTMLAnchorElement>, key: string) => {
    event.preventDefault();
    onSelect(key);
  };
  return (
    <div ref={box} className="form-error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1}>
      {createElement(
        `h${headingLevel}`,
        { id: titleId, className: 'form-error-summary__title' },
        title ?? t('formErrorSummary.title', { count: items.length }),
      )}
      <p className="form-error-summary__hint">{t('formErrorSummary.hint')}</p>
      <ul className="form-error-summary__list">
        {items.map((item) => (
          <li key={item.key}>
            <a href={item.targetId ? `#${item.targetId}` : '#'} onClick={(event) => select(event, item.key)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
