/**
 * Issue 16: counts go through i18next plurals ("1 message", "2 messages"); Chinese has one form,
 * and a number and its Chinese unit are written together ("90天").
 */
import { resources } from '@portal/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { setLocale } from './locale.ts';

afterEach(async () => {
  await setLocale('en-US');
});

const t = (key: string, count: number) =>
  (i18n.t as unknown as (key: string, options: Record<string, unknown>) => string)(key, { count });

/** Every key of a resource tree, dotted. */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe('counts', () => {
  it.each([
    ['messages:centre.total', '1 message in total', '2 messages in total', '共 2 条消息'],
    ['publish:drafts.total', '1 draft in all', '2 drafts in all', '共 2 条草稿'],
    ['content:common.total', '1 item in total', '2 items in total', '共 2 条'],
    ['content:portuguese.count', '1 institution', '2 institutions', '共 2 家机构'],
    ['cooperation:units.days', '1 day', '2 days', '2天'],
    ['cooperation:units.years', '1 year', '2 years', '2年'],
    ['cooperation:units.bps', '1 basis point', '2 basis points', '2个基点'],
  ])('%s: one and several in English, one form in Chinese', async (key, one, two, zh) => {
    await setLocale('en-US');
    expect(t(key, 1)).toBe(one);
    expect(t(key, 2)).toBe(two);
    await setLocale('zh-CN');
    expect(t(key, 2)).toBe(zh);
    expect(t(key, 1)).toBe(zh.replace('2', '1'));
  });

  it('are plural pairs wherever a count is written before an English noun', () => {
    for (const [namespace, tree] of Object.entries(resources['en-US'])) {
      const flat = keysOf(tree);
      for (const key of flat) {
        const base = key.replace(/_(one|other)$/, '');
        if (key.endsWith('_one')) expect(flat, `${namespace}:${key}`).toContain(`${base}_other`);
        if (key.endsWith('_other')) expect(flat, `${namespace}:${key}`).toContain(`${base}_one`);
      }
      // "{{total}} messages", "{{count}} institutions": a number before a plural noun needs a plural pair.
      const texts = flat
        .filter((key) => !/_(one|other)$/.test(key))
        .map((key) => [
          key,
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree),
        ]);
      for (const [key, text] of texts) {
        // ("More than {{count}} requests": the cap, never 1.)
        expect(String(text), `${namespace}:${key}`).not.toMatch(/(?<!More than )\{\{(count|total)\}\} [a-z]+s\b/);
      }
    }
  });

  it('write a number and its Chinese unit together', () => {
    const zh = resources['zh-CN'].cooperation.units;
    for (const text of Object.values(zh)) expect(text).toMatch(/^\{\{count\}\}\S/);
  });
});
