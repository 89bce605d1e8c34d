import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { breachesIn, functionsIn, LIMITS, measure, run } from './code-size.ts';

const lines = (n: number, text = 'x;') => Array.from({ length: n }, () => text).join('\n');
/** A function declaration spanning exactly `n` lines, its first and last line included. */
const fn = (name: string, n: number) => `function ${name}() {\n${lines(n - 2, '  work();')}\n}\n`;

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** A temporary repository holding the given files (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'code-size-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('code size', () => {
  it('measures every kind of function by its lines, and names it', () => {
    const source = [
      fn('declared', 5),
      'const assigned = () => {\n  a();\n};',
      'const expression = function () {\n  return 1;\n};',
      'class Store {\n  load() {\n    return 1;\n  }\n}',
      'useEffect(() => {\n  a();\n  b();\n});',
    ].join('\n');
    const found = functionsIn('apps/web/src/x.ts', source).map((f) => [f.name, f.lines]);
    expect(found).toEqual([
      ['declared', 5],
      ['assigned', 3],
      ['expression', 3],
      ['Store.load', 3],
      ['useEffect(…) callback', 4],
    ]);
  });

  it.each([
    ['apps/server/src/modules/m/planted.service.ts', lines(LIMITS.serviceFile + 1), 'service file'],
    ['apps/web/src/features/f/Planted.tsx', lines(LIMITS.componentFile + 1), 'component file'],
    ['apps/web/src/app/routes.tsx', lines(250), 'route table'],
    ['apps/server/src/modules/m/planted.ts', fn('tooLong', LIMITS.function + 1), 'function'],
    ['apps/web/src/features/f/Planted.tsx', `export const Planted = () => {\n${lines(60)}\n};`, 'function'],
  ])('catches %s over its limit (%#)', (file, text, rule) => {
    const breaches = breachesIn(file, text);
    expect(breaches.map((b) => b.rule)).toEqual([rule]);
  });

  it.each([
    ['apps/server/src/modules/m/ok.service.ts', lines(LIMITS.serviceFile)],
    ['apps/server/src/modules/m/long.repository.ts', lines(LIMITS.serviceFile + 100)],
    ['apps/web/src/features/f/Ok.tsx', lines(LIMITS.componentFile)],
    ['apps/web/src/lib/long-data.ts', lines(LIMITS.componentFile + 100)],
    ['apps/web/src/app/routes.tsx', lines(249)],
    ['apps/server/src/modules/m/ok.ts', fn('justRight', LIMITS.function)],
    ['apps/server/src/modules/m/m.routes.test.ts', fn('longTest', 200)],
    ['apps/web/src/test/render-app.tsx', fn('longHelper', 200)],
    ['apps/web/src/features/f/test-fixtures.ts', fn('longFixture', 200)],
    ['apps/server/src/db/seed/demo-planted.ts', fn('longSeed', 200)],
  ])('lets %s through', (file, text) => {
    expect(breachesIn(file, text)).toEqual([]);
  });

  it('fails on a planted over-limit tree, and enforces only the area asked for', () => {
    const root = tree({
      'apps/server/src/modules/m/m.service.ts': fn('serverTooLong', 61),
      'apps/web/src/features/f/Big.tsx': lines(301),
      'apps/web/src/features/f/Small.tsx': fn('Small', 10),
    });
    expect(measure(root).breaches.map((b) => [b.area, b.rule])).toEqual([
      ['server', 'function'],
      ['web', 'component file'],
    ]);
    const output: string[] = [];
    expect(run(['--root', root], (line) => output.push(line))).toBe(1);
    expect(output.join('\n')).toContain('apps/web/src/features/f/Big.tsx: component file of 301 lines');
    expect(run(['--root', root, '--enforce', 'web'], () => {})).toBe(1);
    expect(run(['--root', root, '--enforce', 'server'], () => {})).toBe(1);
    expect(run(['--root', root, '--enforce', 'none'], () => {})).toBe(0);
  });

  it('passes the web when only the server is over, reporting the server', () => {
    const root = tree({ 'apps/server/src/modules/m/m.service.ts': lines(351) });
    const output: string[] = [];
    expect(run(['--root', root, '--enforce', 'web'], (line) => output.push(line))).toBe(0);
    expect(output.join('\n')).toContain('reported only');
    expect(output.join('\n')).toContain('m.service.ts: service file of 351 lines');
    expect(run(['--root', root], () => {})).toBe(1);
  });
});

describe('code size allowances', () => {
  it('let a listed breach through while it does not grow, and catch an unlisted one', () => {
    const root = tree({
      'apps/web/src/features/f/Big.tsx': lines(310),
      'apps/web/src/features/f/long.ts': fn('longOne', 70),
      'allowances.txt': '310 apps/web/src/features/f/Big.tsx component file\n',
    });
    const allowances = join(root, 'allowances.txt');
    const output: string[] = [];
    expect(run(['--root', root, '--enforce', 'web', '--allowances', allowances], (l) => output.push(l))).toBe(1);
    expect(output.filter((l) => l.includes('limit 60') || l.includes('limit 300'))).toEqual([
      '  apps/web/src/features/f/Big.tsx: component file of 310 lines (limit 300) [allowed, to work off]',
      '  apps/web/src/features/f/long.ts:1 longOne: function of 70 lines (limit 60)',
    ]);
    writeFileSync(
      allowances,
      '310 apps/web/src/features/f/Big.tsx component file\n70 apps/web/src/features/f/long.ts function longOne\n',
    );
    expect(run(['--root', root, '--enforce', 'web', '--allowances', allowances], () => {})).toBe(0);
    // Growing past the listed length is a breach again.
    writeFileSync(join(root, 'apps/web/src/features/f/Big.tsx'), lines(311));
    expect(run(['--root', root, '--enforce', 'web', '--allowances', allowances], () => {})).toBe(1);
  });
});
