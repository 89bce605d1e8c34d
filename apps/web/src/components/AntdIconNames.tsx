import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../lib/i18n/keys.ts';

/**
 * What antd leaves unnamed or named in English (issue 16): its icons carry their icon name as
 * `aria-label` ("close-circle", "eye-invisible"), and its table's selection checkboxes English
 * words ("Select all", "Select row 3"), whatever the page's language. These are the names a
 * reader hears instead, by what the icon does; an icon that only decorates (the one of an
 * alert, of a button with its own text) is hidden from assistive technology.
 */
const ICON_ACTIONS: Readonly<Record<string, I18nKey>> = {
  'close-circle': 'common:a11y.icons.clear',
  close: 'common:a11y.icons.close',
  'eye-invisible': 'common:a11y.icons.showPassword',
  eye: 'common:a11y.icons.hidePassword',
  search: 'common:a11y.icons.search',
  delete: 'common:a11y.icons.delete',
  download: 'common:a11y.icons.download',
  'paper-clip': 'common:a11y.icons.attachment',
  // The pager's previous and next buttons hold only these icons.
  left: 'common:a11y.icons.previousPage',
  right: 'common:a11y.icons.nextPage',
};

const ENGLISH_LABELS: readonly { pattern: RegExp; key: I18nKey }[] = [
  { pattern: /^Select all$/, key: 'common:a11y.selection.all' },
  { pattern: /^Custom selection$/, key: 'common:a11y.selection.custom' },
  { pattern: /^Select row (\d+)$/, key: 'common:a11y.selection.row' },
  { pattern: /^Row (\d+) selected$/, key: 'common:a11y.selection.rowSelected' },
  // The close button of antd's dialogs and notifications; the clear button of its selects.
  { pattern: /^Close$/, key: 'common:a11y.icons.close' },
  { pattern: /^Clear$/, key: 'common:a11y.icons.clear' },
];

type Translate = (key: I18nKey, params?: Record<string, string>) => string;

/** The interactive element an icon belongs to, when the icon is the whole of it. */
function iconControl(icon: Element): Element | null {
  if (icon.hasAttribute('tabindex') || icon.classList.contains('ant-input-password-icon')) return icon;
  const control = icon.parentElement?.closest(
    'button, a[href], [role="button"], .ant-select-clear, .ant-input-clear-icon, .ant-picker-clear',
  );
  if (!control) return null;
  // A control with words of its own (a button "Upload") or a name of its own: the icon decorates.
  const ownName = control.getAttribute('aria-label') ?? control.getAttribute('aria-labelledby');
  const ownText = (control.textContent ?? '').trim();
  return ownName || ownText ? null : control;
}

/** Gives the element the translated name and remembers which, for a later change of language. */
function setName(element: Element, key: I18nKey, translate: Translate, n = ''): void {
  element.setAttribute('data-a11y-name', key);
  if (n) element.setAttribute('data-a11y-n', n);
  const text = translate(key, { n });
  if (element.getAttribute('aria-label') !== text) element.setAttribute('aria-label', text);
}

/** Names (or hides) one antd icon still carrying its icon name. */
function nameIcon(icon: Element, translate: Translate): void {
  const name = icon.getAttribute('aria-label');
  if (!name || !icon.classList.contains(`anticon-${name}`)) return;
  const action = ICON_ACTIONS[name];
  if (action && iconControl(icon)) {
    setName(icon, action, translate);
    return;
  }
  icon.removeAttribute('aria-label');
  icon.removeAttribute('role');
  icon.setAttribute('aria-hidden', 'true');
}

/** Translates one of antd's English names, if it is one. */
function translateEnglish(element: Element, translate: Translate): void {
  const label = element.getAttribute('aria-label') ?? '';
  for (const { pattern, key } of ENGLISH_LABELS) {
    const match = pattern.exec(label);
    if (match) {
      setName(element, key, translate, match[1] ?? '');
      return;
    }
  }
}

/** Names every antd icon and English label under `root` in the language of `translate`. */
export function nameAntdIcons(root: ParentNode, translate: Translate): void {
  const within = (selector: string): Element[] => {
    const found = Array.from(root.querySelectorAll(selector));
    return root instanceof Element && root.matches(selector) ? [root, ...found] : found;
  };
  for (const icon of within('.anticon[aria-label]')) nameIcon(icon, translate);
  for (const element of within('[aria-label]:not([data-a11y-name])')) translateEnglish(element, translate);
  // Named before, in the language then current.
  for (const element of within('[data-a11y-name]')) {
    const key = element.getAttribute('data-a11y-name') as I18nKey;
    setName(element, key, translate, element.getAttribute('data-a11y-n') ?? '');
  }
}

/**
 * Keeps antd's icons and English labels named in the reader's language on the whole page, as
 * they appear (mounted once, inside the i18n provider): the whole page when the language
 * changes, then only what is added or relabelled. antd offers no setting for these names, so
 * they are set on the rendered elements; React leaves them alone while its props do not change.
 */
export function AntdIconNames() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    const translate: Translate = (key, params) =>
      (i18n.getFixedT(language) as unknown as (key: string, options?: Record<string, unknown>) => string)(key, params);
    nameAntdIcons(document.body, translate);
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          if (record.target instanceof Element && record.target.isConnected) {
            nameAntdIcons(record.target, translate);
          }
          continue;
        }
        for (const node of record.addedNodes) {
          if (node instanceof Element && node.isConnected) nameAntdIcons(node, translate);
        }
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [i18n, language]);
  return null;
}

// AppProviders loads this module lazily, so it stays out of the public pages' initial download.
export default AntdIconNames;
