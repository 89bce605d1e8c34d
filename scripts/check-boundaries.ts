/**
 * Module boundaries (issue 11, docs/architecture.md "Boundaries"), checked over the import graph
 * by `npm run lint`:
 * - server: a module is reached from outside only through its public face,
 *   `modules/<m>/index.ts`; `platform/` imports no module;
 * - web: features never import pages; `components/` and `lib/` import neither features, pages
 *   nor the app shell; pages take paths from `app/route-paths.ts`, never the route table
 *   (`app/routes.tsx`, which imports every page: importing it back closes a loop).
 * Tests may reach into the module they test, so test files are not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Violation = { file: string; imported: string; rule: string };

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /(\.test\.(ts|tsx)$)|(^|\/)test\//;
// import … from '…', export … from '…', import('…'), import '…'
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** The relative specifiers a source file imports (comments are not code). */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of withoutComments(source).matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    if (specifier.startsWith('.')) found.push(specifier);
  }
  return found;
}

/** The rule a file's import breaks, or null. Paths are relative to the repository, with `/`. */
export function ruleBroken(file: string, target: string): string | null {
  const server = 'apps/server/src/';
  if (file.startsWith(server) && target.startsWith(server)) {
    const from = file.slice(server.length);
    const to = target.slice(server.length);
    const toModule = /^modules\/([^/]+)\/(.+)$/.exec(to);
    if (from.startsWith('platform/') && toModule) {
      return 'platform/ imports no feature module';
    }
    if (toModule) {
      const [, name, rest] = toModule;
      const fromModule = /^modules\/([^/]+)\//.exec(from)?.[1];
      if (fromModule !== name && rest !== 'index.ts') {
        return `another module is reached through its public face, modules/${name}/index.ts`;
      }
    }
    return null;
  }
  const web = 'apps/web/src/';
  if (file.startsWith(web) && target.startsWith(web)) {
    const from = file.slice(web.length);
    const to = target.slice(web.length);
    if (from.startsWith('features/') && to.startsWith('pages/')) return 'features never import pages';
    if ((from.startsWith('components/') || from.startsWith('lib/')) && /^(features|pages|app)\//.test(to)) {
      return 'components/ and lib/ import neither features, pages nor the app shell';
    }
    if (!from.startsWith('app/') && to === 'app/routes.tsx') {
      return 'pages take paths from app/route-paths.ts, not the route table (an import loop)';
    }
  }
  return null;
}

/** Every broken rule among the given files (path relative to the repository → source text). */
export function findViolations(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    if (TEST.test(file)) continue;
    for (const specifier of importsOf(source)) {
      const target = join(dirname(file), specifier).split(sep).join('/');
      const rule = ruleBroken(file, target);
      if (rule) violations.push({ file, imported: specifier, rule });
    }
  }
  return violations;
}

function sourcesUnder(root: string, folder: string, into: Map<string, string>): void {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourcesUnder(root, path, into);
    } else if (SOURCE.test(entry.name)) {
      into.set(path.split(sep).join('/'), readFileSync(join(root, path), 'utf8'));
    }
  }
}

/** Reads the server's and the web's sources under a repository root. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  sourcesUnder(root, 'apps/server/src', files);
  sourcesUnder(root, 'apps/web/src', files);
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = readSources(root);
  const violations = findViolations(files);
  for (const v of violations) console.error(`${v.file}: imports '${v.imported}': ${v.rule}`);
  if (violations.length > 0) {
    console.error(`check-boundaries: ${violations.length} import(s) cross a module boundary`);
    process.exit(1);
  }
  console.info(`check-boundaries: ${files.size} files, no import crosses a module boundary`);
}
