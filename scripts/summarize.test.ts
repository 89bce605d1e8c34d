/**
 * .ci/summarize.mjs, run as CI runs it, on report fixtures: it passes only when the three reports
 * are there, succeeded, ran tests and skipped none but the unit run's PostgreSQL-only ones.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve(dirname(fileURLToPath(import.meta.url)), '../.ci/summarize.mjs');

type Test = {
  ancestorTitles: string[];
  title: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo';
  failureMessages?: string[];
};
type Report = { success?: boolean; files?: Array<{ name: string; tests: Test[] }> };

const test = (title: string, status: Test['status'] = 'passed', ancestorTitles = ['a group']): Test => ({
  ancestorTitles,
  title,
  status,
});
const unitFiles = (...extra: Test[]) => [
  { name: '/repo/apps/server/src/a.test.ts', tests: [test('server works'), ...extra] },
  { name: '/repo/apps/web/src/b.test.tsx', tests: [test('web works')] },
  { name: '/repo/packages/shared/src/c.test.ts', tests: [test('shared works')] },
  { name: '/repo/scripts/d.test.ts', tests: [test('scripts work')] },
];
const oneFile = (...tests: Test[]) => [{ name: '/repo/e2e/x.spec.ts', tests: [test('a journey'), ...tests] }];

/** A Vitest JSON report (the fields the json reporter writes that summarize reads). */
function vitestReport({ success = true, files = [] }: Report) {
  const tests = files.flatMap((f) => f.tests);
  const count = (...statuses: Test['status'][]) => tests.filter((t) => statuses.includes(t.status)).length;
  return {
    numTotalTests: tests.length,
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped', 'pending'),
    numTodoTests: count('todo'),
    success,
    testResults: files.map((f) => ({
      name: f.name,
      assertionResults: f.tests.map((t) => ({ ...t, fullName: [...t.ancestorTitles, t.title].join(' ') })),
    })),
  };
}

const good: Record<string, Report> = {
  unit: { files: unitFiles() },
  e2e: { files: oneFile() },
  postgres: { files: oneFile(test('locks', 'passed')) },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Writes `reports` (undefined: left out) and runs the summary on them. */
function summarize(reports: Record<string, Report | undefined>) {
  dir = mkdtempSync(join(tmpdir(), 'summarize-'));
  for (const [name, report] of Object.entries(reports)) {
    if (report) writeFileSync(join(dir, `${name}.json`), JSON.stringify(vitestReport(report)));
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}`, lastLine: run.stdout.trim().split('\n').at(-1) };
}

describe('.ci/summarize.mjs', () => {
  it('passes when every report succeeded and skipped only PostgreSQL-only tests in the unit run', () => {
    const pgOnly = [
      test('two signing at once [PostgreSQL only]', 'skipped'),
      test('prepares once', 'skipped', ['prepared statements [PostgreSQL only]']),
    ];
    const run = summarize({ ...good, unit: { files: unitFiles(...pgOnly) } });
    expect(run.out).not.toContain('CI fails');
    expect(run.status).toBe(0);
    expect(run.lastLine).toBe('Total: 7 passed, 0 failed, 2 skipped');
  });

  it.each([
    ['unit', /unit: report missing/],
    ['e2e', /e2e: report missing/],
    ['postgres', /postgres: report missing/],
  ])('fails when the %s report is missing', (name, message) => {
    const run = summarize({ ...good, [name]: undefined });
    expect(run.status).toBe(1);
    expect(run.out).toMatch(message);
    expect(run.lastLine).toMatch(/^Total: \d+ passed, 0 failed, 0 skipped$/);
  });

  it.each<[string, Record<string, Report>, RegExp]>([
    ['a report says it did not succeed', { unit: { success: false, files: unitFiles() } }, /unit: .*success: false/],
    ['a test failed', { e2e: { files: oneFile(test('breaks', 'failed')) } }, /e2e: failed: a group breaks/],
    ['a report has no test', { postgres: { files: [] } }, /postgres: no test ran/],
    [
      'a unit test is skipped without the PostgreSQL-only mark',
      { unit: { files: unitFiles(test('needs pdfsig', 'skipped')) } },
      /unit: skipped and not allowed to be \(skipped\): a group needs pdfsig/,
    ],
    [
      'a PostgreSQL-only test is skipped in the postgres run',
      { postgres: { files: oneFile(test('locks [PostgreSQL only]', 'skipped')) } },
      /postgres: skipped and not allowed to be \(skipped\): a group locks \[PostgreSQL only\]/,
    ],
    ['a journey is left to do', { e2e: { files: oneFile(test('later', 'todo')) } }, /e2e: .*\(todo\): a group later/],
    [
      'a project of the unit run ran no file',
      { unit: { files: unitFiles().filter((f) => !f.name.includes('/apps/web/')) } },
      /unit: no test file of apps\/web\/ ran/,
    ],
  ])('fails when %s, and says which', (_, reports, message) => {
    const run = summarize({ ...good, ...reports });
    expect(run.status).toBe(1);
    expect(run.out).toMatch(message);
    expect(run.lastLine).toMatch(/^Total: \d+ passed, \d+ failed, \d+ skipped$/);
  });

  it("prints a failed test's reason under its name, without colour codes, since CI keeps only its output's tail", () => {
    const failing = {
      ...test('breaks', 'failed'),
      failureMessages: ['\u001b[31mAssertionError: expected false to be true\u001b[39m\n    at journey.spec.ts:330:5'],
    };
    const run = summarize({ ...good, e2e: { files: oneFile(failing) } });
    expect(run.status).toBe(1);
    expect(run.out).toContain('e2e: failed: a group breaks\n      AssertionError: expected false to be true\n');
    expect(run.out).toContain('      at journey.spec.ts:330:5');
    expect(run.out).not.toContain('\u001b[');
  });

  it("names a test that passed only on a second try, with its first try's reason, and still passes", () => {
    const retried = {
      ...test('flickers', 'passed'),
      failureMessages: ['TimeoutError: locator.waitFor: Timeout 60000ms exceeded.\n    at journey.spec.ts:228:50'],
    };
    const run = summarize({ ...good, e2e: { files: oneFile(retried) } });
    expect(run.status).toBe(0);
    expect(run.out).toContain('e2e: passed on a second try: a group flickers\n      TimeoutError: locator.waitFor');
    expect(run.lastLine).toMatch(/^Total: \d+ passed, 0 failed, 0 skipped$/);
  });
});
