/**
 * The web calls the API by the paths the server's OpenAPI document holds (apps/web/src/lib/api/
 * api-paths.ts over packages/api-client's generated `paths`): a call the document does not hold
 * fails the type check. Checked with the compiler on files held in memory, so nothing is written.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webConfig = ts.getParsedCommandLineOfConfigFile(
  resolve(root, 'apps/web/tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
if (!webConfig) throw new Error('apps/web/tsconfig.json cannot be read');

const PLANTED = resolve(root, 'apps/web/src/lib/api/planted.ts');
const SCHEMA = resolve(root, 'packages/api-client/src/schema.ts');
const SITE_CONFIG_API = resolve(root, 'apps/web/src/features/site-config/site-config-api.ts');

// Each check reuses the previous one's parsed files (the libraries, the web's modules): seconds, not tens.
let previous: ts.Program | undefined;

/** The type errors of `file` when the files in `replaced` read as given: `line: message`. */
function typeErrors(file: string, replaced: Record<string, string>): string[] {
  const host = ts.createCompilerHost(webConfig!.options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => replaced[resolve(name)] ?? readFile(name);
  host.fileExists = (name) => resolve(name) in replaced || fileExists(name);
  const program = ts.createProgram([file], webConfig!.options, host, previous);
  previous = program;
  const source = program.getSourceFile(file)!;
  return program.getSemanticDiagnostics(source).map((diagnostic) => {
    const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

const planted = (...calls: string[]) =>
  typeErrors(PLANTED, {
    [PLANTED]: [`import { apiGet, apiPost } from './api-client.ts';`, ...calls].join('\n'),
  });

describe('typed API paths', () => {
  it('take a path the server serves with the method, its parameters given', () => {
    expect(
      planted(
        `void apiGet('/api/site/config');`,
        `void apiGet('/api/bthw/detail/{lgcSn}', { params: { lgcSn: 'L1' } });`,
        `void apiPost('/api/contracts/{intentionLgcSn}/sign', { params: { intentionLgcSn: 'I1' }, body: {} });`,
      ),
    ).toEqual([]);
  }, 30_000);

  it('refuse a path the server does not serve, one served with another method, a parameter left out', () => {
    const errors = planted(
      `void apiGet('/api/site/configuration');`,
      `void apiGet('/api/bthw/publish');`,
      `void apiGet('/api/bthw/detail/{lgcSn}');`,
      `void apiGet('/api/bthw/detail/{lgcSn}', { params: { id: 'L1' } });`,
    );
    expect(errors.map((error) => error.split(':')[0])).toEqual(['2', '3', '4', '5']);
    expect(errors[0]).toContain(`'"/api/site/configuration"' is not assignable`);
  }, 30_000);

  it('fail the web where it calls a route the regenerated schema renamed', () => {
    const schema = readFileSync(SCHEMA, 'utf8');
    const renamed = schema.replace(`'/api/site/config': {`, `'/api/site/settings': {`);
    expect(renamed).not.toBe(schema);
    const errors = typeErrors(SITE_CONFIG_API, { [SCHEMA]: renamed });
    expect(errors).toEqual([expect.stringMatching(/^8: Argument of type '"\/api\/site\/config"' is not assignable/)]);
  }, 60_000);
});
