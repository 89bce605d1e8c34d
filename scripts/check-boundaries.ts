/**
 * Module boundaries (issue 11, docs/architecture.md "Boundaries"), checked over the import graph
 * by `npm run lint`:
 * - server: a module is reached from outside only through its public face,
 *   `modules/<m>/index.ts`; `platform/` imports no module;
 * - web: features never import pages; `components/` and `lib/` import neither features, pages
 *   nor the app shell; pages take paths from `app/route-paths.ts`, never the route table
 *   (`app/routes.tsx` and its `app/route-tables/`, which import every page: importing them back
 *   closes a loop).
 * - server modules import each other in no cycle (A's files import B's and B's, directly or
 *   through others, A's): a lower module takes what it needs from above as a function handed in.
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
    if (!from.startsWith('app/') && (to === 'app/routes.tsx' || to.startsWith('app/route-tables/'))) {
      return 'pages take paths from app/route-paths.ts, not the route table (an import loop)';
    }
  }
  return null;
}

const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;

type ModuleEdge = { file: string; imported: string };

/** Which module imports which (server, test files aside), with one file and specifier per pair. */
function moduleGraph(files: ReadonlyMap<string, string>): Map<string, Map<string, ModuleEdge>> {
  const graph = new Map<string, Map<string, ModuleEdge>>();
  for (const [file, source] of files) {
    const from = MODULE.exec(file)?.[1];
    if (!from || TEST.test(file)) continue;
    for (const specifier of importsOf(source)) {
      const to = MODULE.exec(join(dirname(file), specifier).split(sep).join('/'))?.[1];
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, ModuleEdge>();
      if (!edges.has(to)) edges.set(to, { file, imported: specifier });
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The shortest way from `start` back to itself, as the modules passed through (or null). */
function loopThrough(graph: Map<string, Map<string, ModuleEdge>>, start: string): string[] | null {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of graph.get(at)?.keys() ?? []) {
      if (next === start) {
        const path = [at];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return path;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

/** One violation per import cycle between server modules, at the import that leaves its first module. */
export function findModuleCycles(files: ReadonlyMap<string, string>): Violation[] {
  const graph = moduleGraph(files);
  const reported = new Set<string>();
  const violations: Violation[] = [];
  for (const start of [...graph.keys()].sort()) {
    if (reported.has(start)) continue;
    const loop = loopThrough(graph, start);
    if (!loop) continue;
    for (const name of loop) reported.add(name);
    const edge = graph.get(start)!.get(loop[1] ?? start)!;
    const rule = `server modules import each other in a cycle: ${[...loop, start].join(' → ')}`;
    violations.push({ file: edge.file, imported: edge.imported, rule });
  }
  return violations;
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
  return [...violations, ...findModuleCycles(files)];
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
    console.error(`check-boundaries: ${violations.length} import(s) cross a module boundary or close a cycle`);
    process.exit(1);
  }
  console.info(`check-boundaries: ${files.size} files, no import crosses a module boundary, no module cycle`);
}
