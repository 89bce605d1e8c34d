// Judges the Vitest JSON reports of this CI run and prints one closing line:
// "Total: N passed, N failed, N skipped". It fails (exit 1) when a report is missing (unit, e2e,
// postgres), says it did not succeed, has a failed test or no test, or skips a test it may not:
// the unit run (PGlite) may skip only the PostgreSQL-only tests (apps/server/test/postgres-only.ts,
// named with "[PostgreSQL only]"); the postgres and e2e runs may skip none.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The reports every CI run writes (vitest.reporters.ts: CI_REPORT_NAME, or the config's name). */
const REQUIRED = ['unit', 'e2e', 'postgres'];
/** The mark PostgreSQL-only tests carry in their name (apps/server/test/postgres-only.ts). */
const POSTGRES_ONLY = '[PostgreSQL only]';
/** The projects of the unit run: each must have run test files (a project can fail to start quietly). */
const UNIT_PROJECTS = ['apps/server/', 'apps/web/', 'packages/shared/', 'scripts/'];

const isPostgresOnly = (test) =>
  [...(test.ancestorTitles ?? []), test.title ?? ''].some((t) => t.endsWith(POSTGRES_ONLY));
const testsOf = (report) => (report.testResults ?? []).flatMap((file) => file.assertionResults ?? []);

/** The start of a failed test's first message, indented under its name: only the tail of CI's
 * output is kept, so the reason must be printed here, at the end, not only in the run's log. */
function reasonOf(test) {
  const message = (test.failureMessages ?? [])[0];
  if (!message) return '';
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 12);
  return `\n${lines.map((line) => `      ${line.slice(0, 300)}`).join('\n')}`;
}

/** What is wrong with one report, as sentences (none when it is fine). */
function problemsOf(name, report) {
  const problems = [];
  const tests = testsOf(report);
  if (report.success !== true) problems.push(`${name}: the run says it did not succeed (success: ${report.success})`);
  for (const test of tests.filter((t) => t.status === 'failed')) {
    problems.push(`${name}: failed: ${test.fullName}${reasonOf(test)}`);
  }
  if ((report.numFailedTests ?? 0) > 0 && !tests.some((t) => t.status === 'failed')) {
    problems.push(`${name}: ${report.numFailedTests} failed`);
  }
  if (!report.numTotalTests || !report.numPassedTests) problems.push(`${name}: no test ran`);
  const allowed = (test) => name === 'unit' && isPostgresOnly(test);
  for (const test of tests.filter((t) => t.status !== 'passed' && t.status !== 'failed' && !allowed(t))) {
    problems.push(`${name}: skipped and not allowed to be (${test.status}): ${test.fullName}`);
  }
  if (name === 'unit') {
    for (const project of UNIT_PROJECTS) {
      if (!(report.testResults ?? []).some((file) => file.name?.includes(`/${project}`))) {
        problems.push(`${name}: no test file of ${project} ran`);
      }
    }
  }
  return problems;
}

/** Tests that passed only on a retry (their earlier tries' errors are kept): named, not failed. */
function flakyOf(name, report) {
  return testsOf(report)
    .filter((t) => t.status === 'passed' && (t.failureMessages ?? []).length > 0)
    .map((t) => `${name}: passed on a second try: ${t.fullName}${reasonOf(t)}`);
}

/** Reads every report in `dir` and judges them: `{ problems, flaky, passed, failed, skipped }`. */
export function summarize(dir) {
  const problems = [];
  const flaky = [];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const name of REQUIRED) {
    if (!present.includes(`${name}.json`)) problems.push(`${name}: report missing (${join(dir, `${name}.json`)})`);
  }
  for (const file of present.sort()) {
    const name = file.replace(/\.json$/, '');
    let report;
    try {
      report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${name}: report unreadable (${error.message})`);
      continue;
    }
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    problems.push(...problemsOf(name, report));
    flaky.push(...flakyOf(name, report));
  }
  return { problems, flaky, ...totals };
}

const [, script, dir] = process.argv;
if (script && import.meta.filename === script) {
  if (!dir) {
    console.error('usage: node .ci/summarize.mjs REPORT_DIR');
    process.exit(2);
  }
  const { problems, flaky, passed, failed, skipped } = summarize(dir);
  if (flaky.length) {
    console.info(
      `\nFlaky (a journey retries once in CI; each of these needs its cause fixed):\n${flaky.map((f) => `  - ${f}`).join('\n')}`,
    );
  }
  if (problems.length) console.error(`\nCI fails:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  console.info(`\nTotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(problems.length ? 1 : 0);
}
