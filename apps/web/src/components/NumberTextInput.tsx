import { Input, type InputProps, type InputRef } from 'antd';
import { type ChangeEvent, useLayoutEffect, useRef, useState } from 'react';
import {
  groupNumberText,
  numberSeparators,
  numberTextValue,
  numberValueText,
  ungroupNumberText,
} from '../lib/forms/number-text.ts';

export type NumberTextInputProps = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** `'string'`: the value is the typed decimal string (amounts); `'number'`: a JSON number when it is one. */
  valueAs: 'string' | 'number';
  /** Show the locale's thousands grouping while typing (amounts). */
  grouped?: boolean;
  locale: string;
};

const countSignificant = (text: string, upTo: number, group: string) =>
  [...text.slice(0, upTo)].filter((char) => char !== group).length;

/** The position in `text` after `significant` characters that are not group separators. */
function positionAfter(text: string, significant: number, group: string): number {
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (seen === significant) return index;
    if (text[index] !== group) seen += 1;
  }
  return text.length;
}

/**
 * A number field that never changes what was typed (issue 16): no clamping to a range, no
 * rounding, no dropping of letters on blur. The text stays as typed and the form's schema says
 * what is wrong with it; amounts show the locale's thousands grouping as they are typed (the
 * caret keeps its place among the digits). Use it inside a `Form.Item` like any input.
 */
export function NumberTextInput({ value, onChange, valueAs, grouped = false, locale, ...rest }: NumberTextInputProps) {
  const [text, setText] = useState(() => numberValueText(value));
  // The value this input last reported: any other value comes from outside (a reset, a draft).
  const reported = useRef<unknown>(value);
  if (!Object.is(value, reported.current)) {
    reported.current = value;
    const next = numberValueText(value);
    if (!Object.is(numberTextValue(text, valueAs), value) && next !== text) setText(next);
  }
  const input = useRef<InputRef>(null);
  const caret = useRef<number | null>(null);
  const { group } = numberSeparators(locale);
  const shown = grouped ? groupNumberText(text, locale) : text;

  useLayoutEffect(() => {
    const element = input.current?.input;
    if (caret.current === null || !element || element !== document.activeElement) return;
    const position = positionAfter(shown, caret.current, group);
    caret.current = null;
    element.setSelectionRange(position, position);
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const raw = grouped ? ungroupNumberText(typed, locale) : typed;
    if (grouped) caret.current = countSignificant(typed, event.target.selectionStart ?? typed.length, group);
    setText(raw);
    const next = numberTextValue(raw, valueAs);
    reported.current = next;
    onChange?.(next);
  };

  return <Input {...rest} ref={input} inputMode="decimal" autoComplete="off" value={shown} onChange={change} />;
}
