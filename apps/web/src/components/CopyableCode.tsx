import './copyable-code.css';
import { type ReactNode, useEffect, useState } from 'react';
import { CheckIcon, CopyIcon } from './icons.tsx';

/** Puts `text` on the clipboard: the Clipboard API, or where a page served over plain HTTP has none, a selection copied. */
async function copyToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  if (!done) throw new Error('copy refused');
}

/**
 * A value in code type with a button that copies it (as antd's `Typography.Text code copyable`
 * draws it): the button says "copied" for three seconds, to the eye and to a screen reader. Plain
 * DOM, so a public page's first render (/verify) builds no antd typography styles.
 */
export function CopyableCode({
  text,
  copyLabel,
  copiedLabel,
  children,
}: {
  text: string;
  copyLabel: string;
  copiedLabel: string;
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = copied ? copiedLabel : copyLabel;
  return (
    <span className="copyable-code">
      <code>
        {children ?? text}
        <button
          type="button"
          className="copyable-code__copy"
          aria-label={label}
          title={label}
          onClick={() =>
            copyToClipboard(text).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? <CheckIcon size={12} /> : <CopyIcon size={12} />}
        </button>
      </code>
      <span className="visually-hidden" aria-live="polite">
        {copied ? copiedLabel : ''}
      </span>
    </span>
  );
}
