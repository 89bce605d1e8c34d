/**
 * Lighthouse over the public pages (issue 27, "The first screen on a phone"):
 *
 * - The built server starts on a new data directory (PGlite; the first start loads the demo data)
 *   and serves the built web app; one unmeasured request for each page's document warms it.
 * - Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; the test set-up installs it)
 *   runs headless with a DevTools port; Lighthouse (a dev dependency) drives it through that port.
 * - /home, /about, /release and /verify, each in the mobile preset (Lighthouse's default: a
 *   mid-range phone, 4× CPU slowdown, simulated slow 4G) and the desktop preset, three runs each
 *   (cold cache and storage every run). Printed per page and preset: the median of the three of
 *   performance, LCP, TBT, CLS and accessibility, against the issue's targets (performance ≥ 90
 *   mobile, ≥ 98 desktop on /home, /about and /verify; CLS ≤ 0.05 and accessibility 100 on every
 *   page), then the accessibility audits that failed and the largest contentful paint's element.
 *
 * `npm run bench:lighthouse` runs only this (after a build); `npm run bench` runs it among the rest.
 * Environment: BENCH_SERVER_ENTRY, BENCH_WEB_DIST, BENCH_PORT as in bench/home.ts; LIGHTHOUSE_RUNS
 * (default 3); LIGHTHOUSE_PAGES (comma-separated paths, default the four above); LIGHTHOUSE_DATA_DIR
 * (a data directory a start has already filled, used and kept; default a new one); LIGHTHOUSE_SAVE_DIR
 * (a folder for each run's whole report) and LIGHTHOUSE_SAVE_TRACE=1 (with it, the paint-timing
 * events of each run's trace: which element was each largest-paint candidate, and when).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { median } from './report.ts';
import { type RunningServer, withDemoServer } from './server-process.ts';
import { WEB_DIST } from './web-size.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** LIGHTHOUSE_SAVE_DIR: a folder that receives each run's whole report (JSON), to read a figure's causes. */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/home,/about,/release,/verify').split(',');
/** Pages whose performance score has a target (the issue's Done when). */
const SCORED = new Set(['/home', '/about', '/verify']);
const TARGETS = { mobile: 90, desktop: 98, cls: 0.05, accessibility: 100 } as const;

type Preset = 'mobile' | 'desktop';
type Run = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
  failedA11y: string[];
};

type AuditDetails = { type?: string; items?: unknown[]; snippet?: string };

/**
 * The largest contentful paint's element. Lighthouse 13 dropped `largest-contentful-paint-element`
 * (the LCP breakdown insight replaces it): the element is the `node` item of the list that
 * `lcp-breakdown-insight` (and `lcp-discovery-insight`, for an image) gives as its details.
 */
function lcpElementSnippet(audits: Record<string, { details?: unknown } | undefined>): string | undefined {
  for (const id of ['lcp-breakdown-insight', 'lcp-discovery-insight']) {
    const details = audits[id]?.details as AuditDetails | undefined;
    const node = (details?.items as AuditDetails[] | undefined)?.find((item) => item?.type === 'node');
    if (node?.snippet) return node.snippet;
  }
  return undefined;
}

/** Starts headless Chromium with a DevTools port and resolves with that port. */
async function startChromium(userDataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((done, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error('Chromium printed no DevTools port in 30 s')), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once('exit', (code) => fail(new Error(`Chromium exited with ${code}`)));
  });
  child.stderr?.resume();
  return { child, port };
}

async function runOnce(url: string, port: number, preset: Preset): Promise<Run> {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility'],
    // Screenshots are for people reading a report; they cost seconds per run and no figure here.
    disableFullPageScreenshot: true,
    skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
    // A busy machine loads slowly; Lighthouse's default (45 s) then calls the page hung.
    maxWaitForLoad: 90_000,
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (SAVE_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    await writeFile(join(SAVE_DIR, name), JSON.stringify(lhr));
    if (process.env.LIGHTHOUSE_SAVE_TRACE) {
      const trace = (result.artifacts as { Trace?: { traceEvents: { name: string }[] } }).Trace;
      const lcp = trace?.traceEvents.filter((e) =>
        /contentful|firstPaint|PaintTiming|LargestText|LargestImage/i.test(e.name),
      );
      await writeFile(join(SAVE_DIR, `trace-${name}`), JSON.stringify(lcp));
    }
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const snippet = lcpElementSnippet(lhr.audits) ?? '(none)';
  const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
  const failedA11y = a11yRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    lcpElement: snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet,
    failedA11y,
  };
}

function mark(met: boolean): string {
  return met ? ' ' : '✗';
}

/** Runs Lighthouse over the public pages and prints the table; true when every target is met. */
export async function printLighthouse(): Promise<boolean> {
  console.info(`\nLighthouse (median of ${RUNS} runs per page and preset; built server, PGlite demo data)`);
  if (!existsSync(CHROMIUM_PATH)) {
    console.info(`  skipped: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
    return false;
  }
  const dist = isAbsolute(WEB_DIST) ? WEB_DIST : resolve(WEB_DIST);
  // LIGHTHOUSE_DATA_DIR: a data directory an earlier start has filled (the demo data load on a new
  // one takes minutes on a busy machine); it is used as it is and kept.
  const profileDir = await mkdtemp(join(tmpdir(), 'portal-bench-chromium-'));
  let chromium: ChildProcess | undefined;
  const work = async (server: RunningServer) => {
    try {
      const browser = await startChromium(profileDir);
      chromium = browser.child;
      // Warm-up (not measured): each page's document once, which runs the server's reads for it.
      for (const path of PAGES) await (await fetch(server.baseUrl + path, { headers: { accept: 'text/html' } })).text();
      let allMet = true;
      const notes: string[] = [];
      console.info(
        `  ${'page'.padEnd(9)} ${'preset'.padEnd(8)} ${'perf.'.padStart(5)}  ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)}  ${'a11y'.padStart(4)}`,
      );
      for (const path of PAGES) {
        for (const preset of ['mobile', 'desktop'] as const) {
          const runs: Run[] = [];
          const errors: string[] = [];
          for (let i = 0; i < RUNS; i++) {
            // A run Lighthouse could not finish (the page hung, Chromium went away) is named, not counted.
            await runOnce(server.baseUrl + path, browser.port, preset).then(
              (run) => runs.push(run),
              (error: unknown) => errors.push((error as Error).message.split('\n')[0] ?? String(error)),
            );
          }
          if (!runs.length) {
            allMet = false;
            console.info(`  ${path.padEnd(9)} ${preset.padEnd(8)} no run finished: ${errors[0] ?? '?'}`);
            continue;
          }
          const perf = median(runs.map((r) => r.performance));
          const cls = median(runs.map((r) => r.cls));
          const a11y = median(runs.map((r) => r.accessibility));
          const perfMet = !SCORED.has(path) || perf >= TARGETS[preset];
          const clsMet = cls <= TARGETS.cls;
          const a11yMet = a11y >= TARGETS.accessibility;
          allMet &&= perfMet && clsMet && a11yMet;
          console.info(
            `  ${path.padEnd(9)} ${preset.padEnd(8)} ${String(perf).padStart(4)}${mark(perfMet)}  ${median(
              runs.map((r) => r.fcp),
            )
              .toFixed(0)
              .padStart(7)} ${median(runs.map((r) => r.lcp))
              .toFixed(0)
              .padStart(7)} ${median(runs.map((r) => r.tbt))
              .toFixed(0)
              .padStart(7)} ${cls.toFixed(3).padStart(6)}${mark(clsMet)} ${String(a11y).padStart(4)}${mark(a11yMet)}`,
          );
          const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
          notes.push(
            `  ${path} ${preset}: LCP element ${runs[0]?.lcpElement ?? '?'}${
              failed.length ? `; accessibility audits failed: ${failed.join(', ')}` : ''
            }${errors.length ? `; ${errors.length} run(s) failed: ${errors[0]}` : ''}`,
          );
        }
      }
      console.info(
        `  targets: performance ≥ ${TARGETS.mobile} mobile and ≥ ${TARGETS.desktop} desktop on ${[...SCORED].join(', ')}; CLS ≤ ${TARGETS.cls} and accessibility ${TARGETS.accessibility} everywhere (✗ = missed)`,
      );
      for (const line of notes) console.info(line);
      return allMet;
    } finally {
      chromium?.kill('SIGTERM');
    }
  };
  try {
    return await withDemoServer(
      { webDist: dist, tmpPrefix: 'portal-bench-lighthouse-', dataDir: process.env.LIGHTHOUSE_DATA_DIR },
      work,
    );
  } finally {
    await rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const met = await printLighthouse();
  console.info(met ? '\nAll Lighthouse targets met.' : '\nSome Lighthouse targets missed (see above).');
}
