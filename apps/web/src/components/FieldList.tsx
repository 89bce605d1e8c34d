import './typography.css';
import './field-list.css';
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export type FieldListItem = {
  key: string;
  label: string;
  value: ReactNode;
  /** Takes a whole row (a long text). */
  wide?: boolean;
};

/**
 * Named values as a description list: label and value side by side with the label column as wide
 * as its longest label (Chinese labels never break inside a word), two pairs a row on a wide
 * screen, each label above its value on a phone (./field-list.css).
 */
export function FieldList({
  items,
  columns = 2,
  className,
}: {
  items: readonly FieldListItem[];
  columns?: 1 | 2;
  className?: string;
}) {
  return (
    <dl className={classNames('field-list', columns === 2 && 'field-list--two', className)}>
      {items.map((item) => (
        <div key={item.key} className={classNames('field-list__item', item.wide && 'field-list__item--wide')}>
          <dt className="field-list__label field-label">{item.label}</dt>
          <dd className="field-list__value">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A code, amount or date that never wraps ("HVCBHKHH", "USD 1,000,000.00"). */
export function Code({ children }: { children: ReactNode }) {
  return <span className="text-code">{children}</span>;
}
