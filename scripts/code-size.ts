/**
 * Code size (issue 29, "units small enough to hold in the head"), checked by `npm run lint`:
 * - no server service file (`apps/server/src/**\/*.service.ts`) over 350 lines;
 * - no function (declaration, method, accessor, arrow function or function expression) over 60
 *   lines in `apps/server/src` and `apps/web/src`, tests, test fixtures and the demo seed aside;
 * - no web component file (`apps/web/src/**\/*.tsx`, tests aside) over 300 lines;
 * - the route table `apps/web/src/app/routes.tsx` under 250 lines.
 * Prints the longest files and functions, then each limit exceeded; exits 1 when one is.
 *
 * Usage: tsx scripts/code-size.ts [--root <repository>] [--enforce all|web|server|none] [--top <n>]
 *        [--allowances <file> | --write-allowances <file>]
 * `--enforce web` fails on the web's limits only and prints the server's as a report; `none` only reports.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const LIMITS = { serviceFile: 350, function: 60, componentFile: 300, routeTable: 249 } as const;

const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';
const ROUTE_TABLE = `${WEB}app/routes.tsx`;
const SOURCE = /\.(ts|tsx|mts)$/;
// Tests and what only tests import; the demo seed is data written as code, long by nature.
const EXEMPT = /(\.test\.(ts|tsx)$)|(^|\/)(test|e2e)\/|(^|\/)test-fixtures\.ts$|^apps\/server\/src\/db\/seed\//;

export type Area = 'server' | 'web';
export type FileSize = { file: string; lines: number };
export type FunctionSize = { file: string; name: string; line: number; lines: number };
/** `key` names the breach without its line number (which moves with every edit above it). */
export type Breach = { area: Area; where: string; key: string; lines: number; limit: number; rule: string };

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** A readable name for a function node: its own, the variable or property it is assigned to, or its call. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) {
    const own = node.name.getText(source);
    const owner = ts.isClassLike(node.parent) && node.parent.name ? `${node.parent.name.text}.` : '';
    return ts.isConstructorDeclaration(node) ? `${owner}constructor` : `${owner}${own}`;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…) callback`;
  if (ts.isExportAssignment(parent)) return 'default export';
  return '(anonymous)';
}

/** Every function in a source text with its length in lines (first to last line, both counted). */
export function functionsIn(file: string, text: string): FunctionSize[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: FunctionSize[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        file,
        name: nameOf(node as ts.FunctionLikeDeclaration, source),
        line: start + 1,
        lines: end - start + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The limits a file and its functions exceed. Paths are relative to the repository, with `/`. */
export function breachesIn(file: string, text: string): Breach[] {
  const area: Area | null = file.startsWith(SERVER) ? 'server' : file.startsWith(WEB) ? 'web' : null;
  if (!area || !SOURCE.test(file) || EXEMPT.test(file)) return [];
  const breaches: Breach[] = [];
  const lines = lineCount(text);
  const fileLimit = (limit: number, rule: string) => {
    if (lines > limit) breaches.push({ area, where: file, key: `${file} ${rule}`, lines, limit, rule });
  };
  if (area === 'server' && file.endsWith('.service.ts')) fileLimit(LIMITS.serviceFile, 'service file');
  if (file === ROUTE_TABLE) fileLimit(LIMITS.routeTable, 'route table');
  else if (area === 'web' && file.endsWith('.tsx')) fileLimit(LIMITS.componentFile, 'component file');
  for (const fn of functionsIn(file, text)) {
    if (fn.lines > LIMITS.function) {
      const where = `${file}:${fn.line} ${fn.name}`;
      breaches.push({
        area,
        where,
        key: `${file} function ${fn.name}`,
        lines: fn.lines,
        limit: LIMITS.function,
        rule: 'function',
      });
    }
  }
  return breaches;
}

function sourcesUnder(root: string, folder: string, into: Map<string, string>): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true });
  } catch {
    return; // a tree without that app (a test's temporary tree) has nothing there to measure
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourcesUnder(root, path, into);
    } else if (SOURCE.test(entry.name)) {
      into.set(path.split(sep).join('/'), readFileSync(join(root, path), 'utf8'));
    }
  }
}

/** The server's and the web's sources under a repository root (path → text). */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  sourcesUnder(root, SERVER, files);
  sourcesUnder(root, WEB, files);
  return files;
}

export type Report = { files: FileSize[]; functions: FunctionSize[]; breaches: Breach[] };

/** Measures every counted file and function under a repository root, longest first. */
export function measure(root: string): Report {
  const files: FileSize[] = [];
  const functions: FunctionSize[] = [];
  const breaches: Breach[] = [];
  for (const [file, text] of readSources(root)) {
    if (EXEMPT.test(file)) continue;
    files.push({ file, lines: lineCount(text) });
    functions.push(...functionsIn(file, text));
    breaches.push(...breachesIn(file, text));
  }
  files.sort((a, b) => b.lines - a.lines);
  functions.sort((a, b) => b.lines - a.lines);
  breaches.sort((a, b) => a.area.localeCompare(b.area) || b.lines - a.lines);
  return { files, functions, breaches };
}

export type Enforce = 'all' | Area | 'none';

/**
 * Breaches still being worked off, one `<lines> <key>` a line: a listed breach is reported but not
 * enforced while it is no longer than listed, so lint stops new ones without waiting for every split.
 * The list may only shrink; `--write-allowances` rewrites it from the tree as it is.
 */
export function parseAllowances(text: string): Map<string, number> {
  const allowed = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\d+) (.+)$/.exec(line.trim());
    // Two anonymous callbacks in one file share a key: the longer one sets the allowance.
    if (match) allowed.set(match[2]!, Math.max(Number(match[1]), allowed.get(match[2]!) ?? 0));
  }
  return allowed;
}

/** Prints the report; returns the exit code (1 when an enforced limit is exceeded). */
export function run(args: readonly string[], out: (line: string) => void = console.info): number {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const root = resolve(option('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const enforce = (option('--enforce') ?? 'all') as Enforce;
  if (!['all', 'web', 'server', 'none'].includes(enforce)) {
    throw new Error(`--enforce takes all, web, server or none, not ${enforce}`);
  }
  const top = Number(option('--top') ?? 10);
  const { files, functions, breaches } = measure(root);
  const allowancesFile = option('--allowances') ?? option('--write-allowances');
  if (args.includes('--write-allowances') && allowancesFile) {
    const listed = breaches.filter((b) => enforce === 'all' || b.area === (enforce as string));
    const header =
      '# Breaches being worked off (scripts/code-size.ts): may only shrink. <lines> <file> <rule> [function]\n';
    writeFileSync(allowancesFile, header + listed.map((b) => `${b.lines} ${b.key}\n`).join(''));
  }
  const allowed =
    allowancesFile && existsSync(allowancesFile) ? parseAllowances(readFileSync(allowancesFile, 'utf8')) : new Map();
  out(`Longest files (of ${files.length}):`);
  for (const f of files.slice(0, top)) out(`  ${String(f.lines).padStart(5)}  ${f.file}`);
  out(`Longest functions (of ${functions.length}):`);
  for (const f of functions.slice(0, top)) out(`  ${String(f.lines).padStart(5)}  ${f.file}:${f.line} ${f.name}`);
  const enforced = breaches.filter(
    (b) => (enforce === 'all' || b.area === (enforce as string)) && !(b.lines <= (allowed.get(b.key) ?? -1)),
  );
  const reported = breaches.filter((b) => !enforced.includes(b));
  const describe = (b: Breach) =>
    `  ${b.where}: ${b.rule} of ${b.lines} lines (limit ${b.limit})${allowed.has(b.key) ? ' [allowed, to work off]' : ''}`;
  if (reported.length > 0) {
    out(`Over the limits, reported only (--enforce ${enforce}, or listed in the allowances):`);
    for (const b of reported) out(describe(b));
  }
  const gone = [...allowed.keys()].filter((key) => !breaches.some((b) => b.key === key));
  if (gone.length > 0) out(`Allowances no longer needed (delete them from ${allowancesFile}):\n  ${gone.join('\n  ')}`);
  if (enforced.length > 0) {
    out(`Over the limits (${enforced.length}):`);
    for (const b of enforced) out(describe(b));
    out(`code-size: ${enforced.length} limit(s) exceeded`);
    return 1;
  }
  out(`code-size: every ${enforce === 'all' ? '' : `${enforce} `}file and function within its limit`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = run(process.argv.slice(2));
}
