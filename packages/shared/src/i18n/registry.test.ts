import { describe, expect, it } from 'vitest';
import {
  hasTranslation,
  isNamespaceRegistered,
  NAMESPACES,
  ON_DEMAND_NAMESPACES,
  registerNamespaces,
  resources,
  translate,
} from './index.ts';

describe('on-demand namespaces', () => {
  it('are not in the core resources', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      for (const namespace of ON_DEMAND_NAMESPACES) expect(Object.keys(resources[locale])).not.toContain(namespace);
    }
    expect(NAMESPACES).not.toContain('backoffice');
    expect(NAMESPACES).toContain('errors');
  });

  it('translate only once registered, in both languages', async () => {
    expect(isNamespaceRegistered('backoffice')).toBe(false);
    expect(hasTranslation('en-US', 'backoffice.title')).toBe(false);
    expect(translate('zh-CN', 'backoffice.title')).toBe('backoffice.title');

    const { texts } = await import('./namespaces/backoffice.ts');
    registerNamespaces(texts);

    expect(isNamespaceRegistered('backoffice')).toBe(true);
    expect(translate('en-US', 'backoffice.title')).toBe(texts['en-US'].backoffice.title);
    expect(translate('zh-CN', 'backoffice.title')).toBe(texts['zh-CN'].backoffice.title);
    expect(translate('zh-CN', 'backoffice.title')).not.toBe(translate('en-US', 'backoffice.title'));
    // The others stay unknown until registered; the core ones were there all along.
    expect(isNamespaceRegistered('mail')).toBe(false);
    expect(isNamespaceRegistered('errors')).toBe(true);
  });
});
