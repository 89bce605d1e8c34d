/**
 * Where a phone's main thread spends the public pages' first render (issue 27, total blocking
 * time): the built server on the demo data, Debian's Chromium through Playwright at 390 × 844 with
 * the CPU slowed 4× (`Emulation.setCPUThrottlingRate`, as Lighthouse's mobile preset simulates),
 * a visitor (new context: no cookies, no storage), a Chromium performance trace with V8's sampling
 * profiler from navigation until the page has been quiet for a while.
 *
 * Printed per page and run: every main-thread task of more than 50 ms after the first contentful
 * paint, with what it ran (trace events: script evaluation of which file, function calls, style
 * recalculation, layout, paint...; and the profiler's samples in it by source, mapped through the
 * build's source maps when there are any: `vite build --sourcemap hidden`), and the total blocking
 * time (the sum over those tasks of their time above 50 ms).
 *
 * `tsx bench/first-render-trace.ts` after a build. Environment: BENCH_SERVER_ENTRY, BENCH_WEB_DIST,
 * BENCH_PORT as in bench/home.ts; TRACE_DATA_DIR (a data directory an earlier start filled, kept);
 * TRACE_PAGES (default /home,/about,/verify); TRACE_RUNS (default 3); TRACE_LOCALE (en-US or zh-CN,
 * default en-US); TRACE_OUT (a directory to keep the raw traces in); TRACE_BASE_URL (a server that
 * is already running: nothing is started); CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { withDemoServer } from './server-process.ts';
import { WEB_DIST } from './web-size.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = (process.env.TRACE_PAGES ?? '/home,/about,/verify').split(',');
const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const LOCALE = process.env.TRACE_LOCALE ?? 'en-US';
const LONG_TASK_MS = 50;
/** The page counts as settled after this long without a long task (and after `load`). */
const QUIET_MS = 3_000;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8',
  'v8.execute',
  'blink',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
};

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame };

export type LongTask = {
  startMs: number;
  durationMs: number;
  /** Trace events inside the task by self time: "EvaluateScript index-abc.js" → ms. */
  events: [string, number][];
  /** Profiler samples inside the task, by the source of the innermost frame. */
  sources: [string, number][];
  /** Profiler samples inside the task whose stack passes through a marked function. */
  marks: [string, number][];
  /** Profiler samples inside the task by the innermost frame of the app's own code (which component). */
  app: [string, number][];
};

export type PageTrace = { fcpMs: number; tbtMs: number; tasks: LongTask[] };

const fileOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+\//, '').replace(/\?.*$/, '');

/** Resolves a generated position to its source file and name through the build's source maps. */
class Sources {
  private consumers = new Map<string, SourceMapConsumer | null>();
  constructor(private readonly dist: string) {}

  private consumer(url: string): SourceMapConsumer | null {
    const file = fileOf(url);
    if (!this.consumers.has(file)) {
      const mapPath = join(this.dist, `${file}.map`);
      this.consumers.set(
        file,
        existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8'))) : null,
      );
    }
    return this.consumers.get(file) ?? null;
  }

  /** "antd" / "@ant-design/cssinjs" / "app:pages/home/HomePage.tsx" / the file when unmapped. */
  describe(frame: CallFrame): { source: string; name: string; part?: string } {
    if (!frame.url) return { source: frame.functionName ? `(${frame.functionName})` : '(native)', name: '' };
    const consumer = this.consumer(frame.url);
    if (!consumer) return { source: fileOf(frame.url), name: frame.functionName };
    const pos = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!pos.source) return { source: fileOf(frame.url), name: frame.functionName };
    const path = pos.source.replaceAll('\\', '/');
    const modules = path.lastIndexOf('node_modules/');
    if (modules >= 0) {
      const rest = path.slice(modules + 'node_modules/'.length).split('/');
      const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? path);
      // antd by component folder (antd/es/button/... → "antd/button"): which components render.
      const part = pkg === 'antd' && rest[1] === 'es' ? rest[2] : undefined;
      return { source: pkg, name: pos.name ?? frame.functionName, ...(part ? { part: `antd/${part}` } : {}) };
    }
    const src = path.indexOf('/src/');
    const where = path.includes('packages/shared') ? 'shared' : 'app';
    return { source: `${where}:${src >= 0 ? path.slice(src + 5) : path}`, name: pos.name ?? frame.functionName };
  }
}

/** Functions whose inclusive time is worth naming (source or name matches). */
const MARKS: [string, (source: string, name: string) => boolean][] = [
  ['antd cssinjs (style registration)', (s) => s === '@ant-design/cssinjs' || s === '@ant-design/cssinjs-utils'],
  ['antd components', (s) => s === 'antd' || s.startsWith('@rc-component') || s.startsWith('rc-')],
  ['React render/commit', (s) => s === 'react-dom'],
  ['zod', (s) => s === 'zod'],
  ['i18next', (s) => s === 'i18next' || s === 'react-i18next'],
  ['dayjs', (s) => s === 'dayjs'],
];

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const sorted = (map: Map<string, number>, min = 1): [string, number][] =>
  [...map].filter(([, ms]) => ms >= min).sort((a, b) => b[1] - a[1]);

function describeEvent(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url = typeof data.url === 'string' ? fileOf(data.url) : '';
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
    case 'v8.produceModuleCache':
      return `${event.name} ${url || (typeof event.args?.fileName === 'string' ? fileOf(event.args.fileName) : '')}`;
    case 'FunctionCall':
      return `FunctionCall ${(data.functionName as string) || '(anonymous)'} ${url}`.trim();
    case 'TimerFire':
    case 'EventDispatch':
      return `${event.name} ${(data.type as string) ?? ''}`.trim();
    default:
      return event.name;
  }
}

/** Parses a trace: the renderer's main thread, its long tasks after FCP, what ran in them. */
export function analyseTrace(events: TraceEvent[], sources: Sources): PageTrace {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no firstContentfulPaint in the trace');
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain',
  );
  const tid = main?.tid ?? fcp.tid;
  const onMain = events.filter((e) => e.pid === fcp.pid && e.tid === tid);
  const navigation = onMain.find(
    (e) => e.name === 'navigationStart' || e.name === 'NavigationBodyLoader::StartLoadingBody',
  );
  const origin = navigation?.ts ?? Math.min(...onMain.filter((e) => e.ph === 'X').map((e) => e.ts));
  const ms = (ts: number) => (ts - origin) / 1000;

  const slices = onMain
    .filter((e) => e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = slices.filter(
    (e) =>
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ts >= fcp.ts &&
      (e.dur ?? 0) / 1000 > LONG_TASK_MS,
  );
  // One task can appear as both names, nested: keep the outermost.
  const outer = tasks.filter(
    (t) =>
      !tasks.some(
        (o) => o !== t && o.ts <= t.ts && o.ts + (o.dur ?? 0) >= t.ts + (t.dur ?? 0) && (o.dur ?? 0) > (t.dur ?? 0),
      ),
  );

  // The profiler's samples on this thread: (time, stack) pairs.
  const profileNodes = new Map<string, Map<number, ProfileNode>>();
  const samples: { ts: number; node: number; profile: string }[] = [];
  const profileStart = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== fcp.pid) continue;
    if (e.name === 'Profile' && e.id) profileStart.set(e.id, Number(e.args?.data?.startTime ?? e.ts));
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    const nodes = profileNodes.get(e.id) ?? new Map<number, ProfileNode>();
    profileNodes.set(e.id, nodes);
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let t = profileStart.get(e.id) ?? e.ts;
    const deltas = data.timeDeltas ?? [];
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      t += deltas[i] ?? 0;
      samples.push({ ts: t, node, profile: e.id as string });
      profileStart.set(e.id as string, t);
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  const described = new Map<string, { source: string; name: string; part?: string }>();
  const describeNode = (profile: string, id: number) => {
    const key = `${profile}:${id}`;
    let found = described.get(key);
    if (!found) {
      const node = profileNodes.get(profile)?.get(id);
      found = node ? sources.describe(node.callFrame) : { source: '?', name: '' };
      described.set(key, found);
    }
    return found;
  };

  const long: LongTask[] = outer.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    // Self time per described event, from the nesting of the slices inside the task.
    const inside = slices.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const self = new Map<string, number>();
    const stack: { event: TraceEvent; child: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= until) {
        const top = stack.pop()!;
        const own = ((top.event.dur ?? 0) - top.child) / 1000;
        if (!/RunTask|ThreadController/.test(top.event.name)) add(self, describeEvent(top.event), own);
        if (stack.length) stack.at(-1)!.child += top.event.dur ?? 0;
      }
    };
    for (const event of inside) {
      close(event.ts);
      stack.push({ event, child: 0 });
    }
    close(Number.POSITIVE_INFINITY);

    const bySource = new Map<string, number>();
    const byMark = new Map<string, number>();
    const byApp = new Map<string, number>();
    const within = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    for (let i = 0; i < within.length; i++) {
      const sample = within[i]!;
      const next = within[i + 1]?.ts ?? end;
      const spent = Math.min(next - sample.ts, 5_000) / 1000;
      const nodes = profileNodes.get(sample.profile);
      const top = describeNode(sample.profile, sample.node);
      add(bySource, top.source, spent);
      const seen = new Set<string>();
      let app = '';
      const seenParts = new Set<string>();
      for (let id: number | undefined = sample.node; id !== undefined; id = nodes?.get(id)?.parent) {
        const frame = describeNode(sample.profile, id);
        if (frame.part) seenParts.add(frame.part);
        if (!app && (frame.source.startsWith('app:') || frame.source.startsWith('shared:'))) {
          app = `${frame.source.replace(/^(app|shared):/, '')} ${frame.name}`.trim();
        }
        for (const [label, test] of MARKS) if (!seen.has(label) && test(frame.source, frame.name)) seen.add(label);
      }
      for (const label of seen) add(byMark, label, spent);
      if (app) add(byApp, app, spent);
      for (const part of seenParts) add(byMark, part, spent);
    }
    return {
      startMs: ms(task.ts),
      durationMs: (task.dur ?? 0) / 1000,
      events: sorted(self, 3),
      sources: sorted(bySource, 3),
      marks: sorted(byMark, 3),
      app: sorted(byApp, 3),
    };
  });
  return {
    fcpMs: ms(fcp.ts),
    tbtMs: long.reduce((sum, t) => sum + t.durationMs - LONG_TASK_MS, 0),
    tasks: long,
  };
}

async function traceOnce(baseUrl: string, path: string, sources: Sources, keep?: string): Promise<PageTrace> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    });
    await context.addInitScript(`try { localStorage.setItem('locale', ${JSON.stringify(LOCALE)}); } catch {}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 120_000 });
    // Until no long task for QUIET_MS (observed in the page), at most 20 s after load.
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    await page.evaluate(`new Promise((done) => {
      let last = performance.now();
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      const started = performance.now();
      const check = () =>
        performance.now() - last > ${QUIET_MS} || performance.now() - started > 20000 ? done() : setTimeout(check, 250);
      check();
    })`);
    const buffer = await browser.stopTracing();
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    if (keep) await writeFile(join(keep, `${path.replaceAll('/', '_')}-${Date.now()}.json`), buffer);
    return analyseTrace(events, sources);
  } finally {
    await browser.close();
  }
}

function printTrace(path: string, run: number, trace: PageTrace) {
  console.info(
    `\n${path} run ${run + 1}: FCP ${trace.fcpMs.toFixed(0)} ms, ${trace.tasks.length} task(s) > ${LONG_TASK_MS} ms after FCP, TBT ${trace.tbtMs.toFixed(0)} ms`,
  );
  for (const task of trace.tasks) {
    console.info(`  task at ${task.startMs.toFixed(0)} ms, ${task.durationMs.toFixed(0)} ms`);
    const list = (rows: [string, number][], limit: number) =>
      rows
        .slice(0, limit)
        .map(([what, spent]) => `${what} ${spent.toFixed(0)}`)
        .join('; ');
    console.info(`    events (self ms): ${list(task.events, 8)}`);
    if (task.sources.length) console.info(`    samples by source (self ms): ${list(task.sources, 8)}`);
    if (task.marks.length) console.info(`    samples through (inclusive ms): ${list(task.marks, 12)}`);
    if (task.app.length) console.info(`    innermost app code (inclusive ms): ${list(task.app, 5)}`);
  }
}

async function main() {
  const dist = isAbsolute(WEB_DIST) ? WEB_DIST : resolve(WEB_DIST);
  const sources = new Sources(dist);
  const keep = process.env.TRACE_OUT;
  if (keep) await mkdir(keep, { recursive: true });
  const run = async (baseUrl: string) => {
    for (const path of PAGES) await (await fetch(baseUrl + path, { headers: { accept: 'text/html' } })).text();
    const totals = new Map<string, number[]>();
    // Pages alternate within a round, so a burst of other work on the machine spreads over all of them.
    for (let i = 0; i < RUNS; i++) {
      for (const path of PAGES) {
        const trace = await traceOnce(baseUrl, path, sources, keep);
        printTrace(path, i, trace);
        totals.set(path, [...(totals.get(path) ?? []), trace.tbtMs]);
      }
    }
    console.info(`\nTBT per run (ms), ${LOCALE}, CPU 4× slower, 390 × 844:`);
    for (const [path, values] of totals) {
      console.info(
        `  ${path.padEnd(8)} ${values.map((v) => v.toFixed(0).padStart(5)).join(' ')}   sum ${values.reduce((a, b) => a + b, 0).toFixed(0)}`,
      );
    }
  };
  if (process.env.TRACE_BASE_URL) return run(process.env.TRACE_BASE_URL);
  await withDemoServer(
    { webDist: dist, tmpPrefix: 'portal-bench-trace-', dataDir: process.env.TRACE_DATA_DIR },
    (server) => run(server.baseUrl),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
