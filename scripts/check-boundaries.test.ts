import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findModuleCycles, findViolations, readSources } from './check-boundaries.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('module boundaries', () => {
  it('hold on the tree as it is', () => {
    expect(findViolations(readSources(root))).toEqual([]);
  });

  // A planted import of each kind is caught; the same import through the public face is not.
  it.each([
    [
      'apps/server/src/modules/cooperation/planted.ts',
      "import { insertFiles } from '../files/files.repository.ts';",
      'public face',
    ],
    ['apps/server/src/modules/content/planted.ts', "export { x } from '../users/users.service.ts';", 'public face'],
    [
      'apps/server/src/app-planted.ts',
      "const m = await import('./modules/messages/messages.repository.ts');",
      'public face',
    ],
    ['apps/server/src/platform/planted.ts', "import { files } from '../modules/files/index.ts';", 'platform'],
    ['apps/web/src/features/publish/Planted.tsx', "import { HomePage } from '../../pages/home/HomePage.tsx';", 'pages'],
    ['apps/web/src/components/Planted.tsx', "import { x } from '../features/messages/paths.ts';", 'components'],
    ['apps/web/src/lib/planted.ts', "import { routes } from '../app/routes.tsx';", 'components'],
    ['apps/web/src/pages/errors/Planted.tsx', "import { routes } from '../../app/routes.tsx';", 'route table'],
    ['apps/web/src/features/messages/Planted.tsx', "import { routes } from '../../app/routes.tsx';", 'route table'],
    [
      'apps/web/src/pages/home/Planted.tsx',
      "import { CONTENT_ROUTES } from '../../app/route-tables/content-routes.ts';",
      'route table',
    ],
  ])('catches %s', (file, source, rule) => {
    const violations = findViolations(new Map([[file, source]]));
    expect(violations).toHaveLength(1);
    expect(violations[0]!.rule).toContain(rule);
  });

  it('finds no module cycle in the tree as it is', () => {
    expect(findModuleCycles(readSources(root))).toEqual([]);
  });

  const modules = 'apps/server/src/modules';

  it('catches two modules importing each other, each through its public face', () => {
    const violations = findViolations(
      new Map([
        [`${modules}/alpha/alpha.service.ts`, "import { b } from '../beta/index.ts';"],
        [`${modules}/beta/beta.service.ts`, "import type { A } from '../alpha/index.ts';"],
      ]),
    );
    expect(violations).toEqual([
      {
        file: `${modules}/alpha/alpha.service.ts`,
        imported: '../beta/index.ts',
        rule: 'server modules import each other in a cycle: alpha → beta → alpha',
      },
    ]);
  });

  it('catches a cycle closed through a third module', () => {
    const violations = findViolations(
      new Map([
        [`${modules}/alpha/a.ts`, "export { b } from '../beta/index.ts';"],
        [`${modules}/beta/b.ts`, "const c = await import('../gamma/index.ts');"],
        [`${modules}/gamma/c.ts`, "import { a } from '../alpha/index.ts';"],
      ]),
    );
    expect(violations.map((v) => v.rule)).toEqual([
      'server modules import each other in a cycle: alpha → beta → gamma → alpha',
    ]);
  });

  it('catches the files → users import planted back into the tree', () => {
    const tree = readSources(root);
    tree.set(`${modules}/files/planted.ts`, "import { findUserByEmail } from '../users/index.ts';");
    const rules = findViolations(tree).map((v) => v.rule);
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatch(/cycle: files → users → files|cycle: users → files → users/);
  });

  it('lets a one-way chain and a test reaching back through', () => {
    const files = new Map([
      [`${modules}/alpha/a.ts`, "import { b } from '../beta/index.ts';"],
      [`${modules}/beta/b.ts`, "import { c } from '../gamma/index.ts';"],
      [`${modules}/gamma/c.test.ts`, "import { a } from '../alpha/index.ts';"],
      [`${modules}/gamma/c.ts`, "// import { a } from '../alpha/index.ts';"],
    ]);
    expect(findViolations(files)).toEqual([]);
  });

  it.each([
    ['apps/server/src/modules/cooperation/ok.ts', "import { claimFiles } from '../files/index.ts';"],
    ['apps/server/src/modules/cooperation/ok2.ts', "import { x } from './requests.repository.ts';"],
    ['apps/server/src/app-ok.ts', "import { requestRoutes } from './modules/cooperation/index.ts';"],
    ['apps/server/src/modules/files/files.routes.test.ts', "import { x } from '../users/users.repository.ts';"],
    ['apps/web/src/pages/home/Ok.tsx', "import { PagedTable } from '../../components/PagedTable.tsx';"],
    ['apps/web/src/lib/ok.ts', "/** `lazyPage(() => import('../pages/home/HomePage.tsx'), 'HomePage')` */"],
  ])('lets %s through', (file, source) => {
    expect(findViolations(new Map([[file, source]]))).toEqual([]);
  });
});
