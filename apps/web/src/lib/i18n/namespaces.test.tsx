import { hasTranslation, translate } from '@portal/shared';
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { setLocale } from './locale.ts';
import { isNamespaceLoaded, loadNamespace, useNamespace } from './namespaces.ts';
import { translateKey } from './translate.ts';

function BackofficeTitle() {
  const ready = useNamespace('backoffice');
  const { t } = useTranslation('backoffice');
  return <p>{ready ? t('title') : 'loading'}</p>;
}

// One file, one i18next instance: the tests run in order, before and after the download.
describe('namespaces loaded on demand', () => {
  it('are not there at start: the core resources exclude them', () => {
    for (const namespace of ['agreements', 'backoffice', 'mail', 'server']) {
      for (const locale of ['en-US', 'zh-CN']) expect(i18n.hasResourceBundle(locale, namespace)).toBe(false);
    }
    expect(i18n.hasResourceBundle('en-US', 'common')).toBe(true);
    expect(isNamespaceLoaded('backoffice')).toBe(false);
    expect(translateKey('backoffice:title', 'missing')).toBe('missing');
    expect(hasTranslation('en-US', 'backoffice.title')).toBe(false);
  });

  it('render a loading state, then the texts once the namespace has arrived', async () => {
    render(<BackofficeTitle />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('Back office')).toBeTruthy();
    expect(isNamespaceLoaded('backoffice')).toBe(true);
    // The shared translate() (form validation messages) knows it too.
    expect(translate('en-US', 'backoffice.title')).toBe('Back office');
    expect(isNamespaceLoaded('agreements')).toBe(false);
  });

  it('carry both languages, so switching needs no further download', async () => {
    await loadNamespace('backoffice');
    render(<BackofficeTitle />);
    expect(screen.getByText('Back office')).toBeTruthy();
    await act(() => setLocale('zh-CN'));
    expect(screen.getByText(translate('zh-CN', 'backoffice.title'))).toBeTruthy();
    expect(translate('zh-CN', 'backoffice.title')).not.toBe('Back office');
    expect(translateKey('backoffice:title', 'missing')).toBe(translate('zh-CN', 'backoffice.title'));
  });

  it('load once however many ask at the same time', async () => {
    const first = loadNamespace('agreements');
    const second = loadNamespace('agreements');
    expect(second).toBe(first);
    await first;
    expect(i18n.exists('agreements:userAgreement.title')).toBe(true);
  });
});
