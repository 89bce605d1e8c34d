/**
 * Watches the journeys' one server while they run, so that a journey that timed out waiting for
 * an answer says whether the server was slow, and why: every few seconds it times `/healthz` and
 * reads `/metrics` (loopback may read it outside production); at the end it writes what it saw
 * to e2e/artifacts/server-watch.json and prints one paragraph.
 *
 * It only reads: nothing here changes what the server does.
 */
import { writeFileSync } from 'node:fs';

const EVERY_MS = 5_000;
/** A request answered after this long is named in the summary. */
const SLOW_SECONDS = 10;

type Figures = {
  samples: number;
  maxRssMb: number;
  maxHeapUsedMb: number;
  maxHealthzMs: number;
  maxEventLoopLagMs: number;
  maxDbWaiting: number;
  /** Requests answered after SLOW_SECONDS or more, by method and route pattern. */
  slowRequests: Record<string, number>;
};

/** The value of each unlabelled metric and each sample of the request-duration histogram. */
export function readMetrics(text: string): { values: Map<string, number>; slow: Record<string, number> } {
  const values = new Map<string, number>();
  const buckets = new Map<string, { atSlow: number; all: number }>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const match = /^(\w+)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const [, name, labels = '', raw] = match;
    const value = Number(raw);
    if (!labels) values.set(name!, value);
    if (name === 'portal_http_request_duration_seconds_bucket') {
      const le = /le="([^"]+)"/.exec(labels)?.[1];
      const route = `${/method="([^"]+)"/.exec(labels)?.[1]} ${/route="([^"]+)"/.exec(labels)?.[1]}`;
      const entry = buckets.get(route) ?? { atSlow: 0, all: 0 };
      if (le === String(SLOW_SECONDS)) entry.atSlow = value;
      if (le === '+Inf') entry.all = value;
      buckets.set(route, entry);
    }
  }
  const slow: Record<string, number> = {};
  for (const [route, { atSlow, all }] of buckets) if (all > atSlow) slow[route] = all - atSlow;
  return { values, slow };
}

export function watchServer(baseURL: string, artifactsDir: string): () => Promise<void> {
  const figures: Figures = {
    samples: 0,
    maxRssMb: 0,
    maxHeapUsedMb: 0,
    maxHealthzMs: 0,
    maxEventLoopLagMs: 0,
    maxDbWaiting: 0,
    slowRequests: {},
  };
  let running: Promise<void> = Promise.resolve();

  const sample = async () => {
    try {
      const started = performance.now();
      await (await fetch(`${baseURL}/healthz`)).arrayBuffer();
      const healthzMs = performance.now() - started;
      const { values, slow } = readMetrics(await (await fetch(`${baseURL}/metrics`)).text());
      const mb = (name: string) => (values.get(name) ?? 0) / 2 ** 20;
      figures.samples++;
      figures.maxHealthzMs = Math.max(figures.maxHealthzMs, Math.round(healthzMs));
      figures.maxRssMb = Math.max(figures.maxRssMb, Math.round(mb('process_resident_memory_bytes')));
      figures.maxHeapUsedMb = Math.max(figures.maxHeapUsedMb, Math.round(mb('nodejs_heap_size_used_bytes')));
      // The first reading's lag counts from the process's start (migrations, demo data).
      if (figures.samples > 1)
        figures.maxEventLoopLagMs = Math.max(
          figures.maxEventLoopLagMs,
          Math.round((values.get('nodejs_eventloop_lag_max_seconds') ?? 0) * 1000),
        );
      figures.maxDbWaiting = Math.max(figures.maxDbWaiting, values.get('portal_db_pool_waiting') ?? 0);
      figures.slowRequests = slow;
    } catch {
      // The server is starting or stopping: the next sample tells.
    }
  };

  const timer = setInterval(() => {
    running = running.then(sample);
  }, EVERY_MS);

  return async () => {
    clearInterval(timer);
    await running;
    await sample();
    writeFileSync(`${artifactsDir}/server-watch.json`, `${JSON.stringify(figures, null, 2)}\n`);
    const slow = Object.entries(figures.slowRequests)
      .map(([route, count]) => `${route} ×${count}`)
      .join(', ');
    // biome-ignore lint/suspicious/noConsole: the run's output is where CI keeps this
    console.log(
      `The journeys' server (${figures.samples} samples): RSS up to ${figures.maxRssMb} MB, V8 heap used up to ` +
        `${figures.maxHeapUsedMb} MB, /healthz up to ${figures.maxHealthzMs} ms, event-loop lag up to ` +
        `${figures.maxEventLoopLagMs} ms, up to ${figures.maxDbWaiting} callers waiting for the database; ` +
        `answers after ${SLOW_SECONDS} s or more: ${slow || 'none'}.`,
    );
  };
}
