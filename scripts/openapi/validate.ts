/**
 * `npm run openapi:check`: the API's OpenAPI document (built without a running server,
 * document.ts) must
 * 1. pass @apidevtools/swagger-parser's validation (the OpenAPI schema, every $ref resolves);
 * 2. have no error under `redocly lint --extends recommended`, and no example its schema refuses
 *    (`no-invalid-media-type-examples`, a warning there); other warnings are listed, not fatal;
 * 3. give the typed client's schema as committed (packages/api-client/src/schema.ts), else
 *    `npm run openapi:client` must be run.
 * Exits non-zero when any of them fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { readClientSchema, renderClientSchema } from './client.ts';
import { buildDocument, type OpenApiDocument, operationsOf } from './document.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type LintProblem = {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
};

/** swagger-parser's verdict: null when valid, else its message. */
export async function swaggerParserError(document: OpenApiDocument): Promise<string | null> {
  try {
    // It dereferences what it is given in place: give it a copy.
    await SwaggerParser.validate(structuredClone(document) as never);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** `redocly lint --extends recommended` of the document (the CLI, as CI would run it). */
export async function redoclyProblems(document: OpenApiDocument): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const result = spawnSync(
      resolve(ROOT, 'node_modules/.bin/redocly'),
      ['lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '10000', file],
      {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        // No usage report to Redocly, no update check: a check must not reach the network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const start = result.stdout.indexOf('{');
    if (start < 0) throw new Error(`redocly lint printed no report (exit ${result.status}): ${result.stderr}`);
    return (JSON.parse(result.stdout.slice(start)) as { problems: LintProblem[] }).problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const document = await buildDocument();
  let failed = false;
  console.info(`openapi: ${operationsOf(document).length} operations, OpenAPI ${document.openapi}`);

  const invalid = await swaggerParserError(document);
  if (invalid) failed = true;
  console.info(invalid ? `swagger-parser: INVALID: ${invalid}` : 'swagger-parser: valid');

  const problems = await redoclyProblems(document);
  const count = (severity: LintProblem['severity']) => problems.filter((p) => p.severity === severity).length;
  for (const problem of problems) {
    const where = problem.location[0]?.pointer ?? '';
    console.info(`  ${problem.severity} ${problem.ruleId}: ${problem.message} ${where}`);
  }
  console.info(`redocly lint --extends recommended: ${count('error')} errors, ${count('warn')} warnings`);
  const badExamples = problems.filter((p) => p.ruleId === 'no-invalid-media-type-examples').length;
  if (badExamples > 0) console.error(`${badExamples} example(s) do not match their schema`);
  if (count('error') > 0 || badExamples > 0) failed = true;

  if ((await renderClientSchema(document)) !== (await readClientSchema())) {
    failed = true;
    console.error('packages/api-client/src/schema.ts is stale: run npm run openapi:client');
  } else {
    console.info('packages/api-client/src/schema.ts: up to date');
  }

  if (failed) process.exit(1);
}
