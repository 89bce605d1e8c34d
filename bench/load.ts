/**
 * A small closed-loop load generator for the benchmarks: `concurrency` workers on keep-alive
 * HTTP connections (loopback only), each sending its next request when the previous one has
 * answered, until `maxCount` requests or `maxMs` have passed. Latency is measured per request.
 */
import http from 'node:http';

/**
 * `headers`: extra request headers (e.g. If-None-Match). `expectStatus`: the answer counts as a
 * success on that status alone (a 304, or a compressed 200 whose body is not read as JSON).
 */
export type LoadRequest = {
  path: string;
  method?: 'GET' | 'POST';
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  expectStatus?: number;
};
export type LoadResult = { latencies: number[]; elapsedMs: number; errors: number; firstError?: string };

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** One request; resolves with its status and body (an envelope answering code '0' is a success). */
export function send(agent: http.Agent, baseUrl: string, req: LoadRequest): Promise<{ status: number; body: string }> {
  const url = new URL(req.path, baseUrl);
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        agent,
        method: req.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...req.headers,
          ...(req.cookie ? { cookie: req.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

function isSuccess(result: { status: number; body: string }, expectStatus?: number): boolean {
  if (expectStatus !== undefined) return result.status === expectStatus;
  if (result.status !== 200) return false;
  return result.body.startsWith('{"code":"0"') || /^\{[^{]*"code":"0"/.test(result.body);
}

export async function runLoad(
  baseUrl: string,
  next: (i: number) => LoadRequest,
  options: { concurrency: number; maxCount: number; maxMs: number; warmup?: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    let counter = 0;
    const result: LoadResult = { latencies: [], elapsedMs: 0, errors: 0 };
    const one = async (into?: number[]) => {
      const req = next(counter++);
      const started = performance.now();
      try {
        const res = await send(agent, baseUrl, req);
        const ms = performance.now() - started;
        if (isSuccess(res, req.expectStatus)) into?.push(ms);
        else {
          result.errors++;
          result.firstError ??= `${req.method ?? 'GET'} ${req.path}: ${res.status} ${res.body.slice(0, 200)}`;
        }
      } catch (error) {
        result.errors++;
        result.firstError ??= `${req.path}: ${(error as Error).message}`;
      }
    };
    // Warm-up, not measured: opens the connections and warms the caches and the JIT.
    const warmup = options.warmup ?? options.concurrency * 10;
    let warmed = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (warmed++ < warmup) await one();
      }),
    );
    result.errors = 0;
    result.firstError = undefined;
    let issued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (issued < options.maxCount && performance.now() - started < options.maxMs) {
          issued++;
          await one(result.latencies);
        }
      }),
    );
    result.elapsedMs = performance.now() - started;
    return result;
  } finally {
    agent.destroy();
  }
}
