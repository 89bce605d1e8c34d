import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The project runs on the Node it pins (the root's `node` dependency), whatever the machine ships:
// tests, `npm start` and CI all find it first on npm's PATH.
describe('runtime', () => {
  it('is the Node 24 LTS that package.json pins', () => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      dependencies: { node: string };
    };
    expect(process.version).toBe(`v${root.dependencies.node}`);
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
