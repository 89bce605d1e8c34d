import { resources } from '@portal/shared';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

describe('web shell translations', () => {
  for (const namespace of ['common', 'home'] as const) {
    it(`has the same ${namespace} keys in English and Chinese, none empty`, () => {
      const en = resources['en-US'][namespace] as unknown as Tree;
      const zh = resources['zh-CN'][namespace] as unknown as Tree;
      expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
      for (const tree of [en, zh]) {
        for (const key of keysOf(tree)) {
          const value = key
            .split('.')
            .reduce<Tree | string>((node, part) => (node as Tree)[part] as Tree | string, tree);
          expect(value, key).not.toBe('');
        }
      }
    });
  }
});
