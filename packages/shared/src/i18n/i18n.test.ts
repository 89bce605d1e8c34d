import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allResources } from './full.ts';
import { NAMESPACES, ON_DEMAND_NAMESPACES, resolveLocale, resources, translate } from './index.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const en = flatten(allResources['en-US'] as unknown as Tree);
const zh = flatten(allResources['zh-CN'] as unknown as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('language files', () => {
  it('have the same namespaces', () => {
    expect(Object.keys(allResources['zh-CN']).sort()).toEqual(Object.keys(allResources['en-US']).sort());
    expect(Object.keys(resources['zh-CN']).sort()).toEqual(Object.keys(resources['en-US']).sort());
  });

  it('are all checked here: every JSON file is a core or an on-demand namespace', () => {
    for (const locale of ['en-US', 'zh-CN']) {
      const files = readdirSync(new URL(`./${locale}/`, import.meta.url)).map((name) => name.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...NAMESPACES, ...ON_DEMAND_NAMESPACES].sort());
    }
    expect(Object.keys(allResources['en-US']).sort()).toEqual([...NAMESPACES, ...ON_DEMAND_NAMESPACES].sort());
  });

  it('carry every English key in Chinese', () => {
    expect([...en.keys()].filter((key) => !zh.has(key))).toEqual([]);
  });

  it('carry every Chinese key in English', () => {
    expect([...zh.keys()].filter((key) => !en.has(key))).toEqual([]);
  });

  it('have no empty text', () => {
    expect([...en, ...zh].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = [...en].filter(
      ([key, text]) => zh.has(key) && placeholders(text).join() !== placeholders(zh.get(key)!).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('have Chinese text that is Chinese, not a copy of the English', () => {
    // Brand names, codes and URLs may be the same; sentences of several words may not.
    const copied = [...en].filter(([key, text]) => zh.get(key) === text && /\s\w+\s\w+\s/.test(text));
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

describe('translate', () => {
  it('fills placeholders', () => {
    expect(translate('en-US', 'errors.PRT_RATE_LIMITED', { seconds: 30 })).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
  });

  it('knows the on-demand namespaces once registered (full.ts registers them all)', () => {
    expect(translate('zh-CN', 'server.ok')).not.toBe('server.ok');
    expect(translate('en-US', 'backoffice.title')).toBe(allResources['en-US'].backoffice.title);
    expect(translate('zh-CN', 'agreements.userAgreement.title')).toBe(
      allResources['zh-CN'].agreements.userAgreement.title,
    );
  });

  it('returns the key for a missing text, so the gap is visible', () => {
    expect(translate('zh-CN', 'errors.nope')).toBe('errors.nope');
  });
});

describe('resolveLocale', () => {
  it.each([
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [[undefined, 'zh-TW,zh;q=0.9,en;q=0.8'], 'zh-CN'],
    [[undefined, 'en-GB,en;q=0.9'], 'en-US'],
    [[undefined, 'fr-FR'], 'en-US'],
    [['en-US', 'zh-CN'], 'en-US'],
    [[undefined, undefined], 'en-US'],
  ] as const)('%j → %s', (candidates, expected) => {
    expect(resolveLocale(...candidates)).toBe(expected);
  });
});
