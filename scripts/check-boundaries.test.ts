import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findViolations, readSources } from './check-boundaries.ts';

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
  ])('catches %s', (file, source, rule) => {
    const violations = findViolations(new Map([[file, source]]));
    expect(violations).toHaveLength(1);
    expect(violations[0]!.rule).toContain(rule);
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
