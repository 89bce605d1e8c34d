import { NAMESPACES, ON_DEMAND_NAMESPACES, resources } from '@portal/shared';
import { allResources } from '@portal/shared/i18n/full';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

describe('web translations', () => {
  for (const namespace of [...NAMESPACES, ...ON_DEMAND_NAMESPACES]) {
    it(`has the same ${namespace} keys in English and Chinese, none empty`, () => {
      const en = allResources['en-US'][namespace] as unknown as Tree;
      const zh = allResources['zh-CN'][namespace] as unknown as Tree;
      expect(keysOf(en).length).toBeGreaterThan(0);
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

  it('bundles only the core namespaces with the app; the back office, agreements, mail and server stay out', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      expect(Object.keys(resources[locale]).sort()).toEqual([...NAMESPACES].sort());
      for (const namespace of ['agreements', 'backoffice', 'contracts', 'mail', 'seals', 'server']) {
        expect(Object.keys(resources[locale])).not.toContain(namespace);
      }
    }
  });
});
