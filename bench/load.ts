/**
 * The closed-loop load of the benchmarks: `concurrency` keep-alive HTTP connections (loopback
 * only), each sending its next request when the previous one has answered, until `maxCount`
 * requests or `maxMs` have passed, driven by autocannon. Latency is measured per request.
 */
import http from 'node:http';
import autocannon from 'autocannon';

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
  // Warm-up, not measured: opens the connections and warms the caches and the JIT.
  const warmup = options.warmup ?? options.concurrency * 10;
  let counter = 0;
  if (warmup > 0) {
    await cannon(baseUrl, () => next(counter++), {
      connections: Math.min(options.concurrency, warmup),
      amount: warmup,
      maxMs: options.maxMs,
    });
  }
  return cannon(baseUrl, () => next(counter++), {
    connections: options.concurrency,
    amount: options.maxCount,
    maxMs: options.maxMs,
  });
}

/**
 * A fixed-time phase: a warm-up of `warmupMs` (not measured: opens the connections, warms the
 * caches and the JIT), then `ms` of load; requests/s is the answers over the measured elapsed time.
 */
export async function runTimed(
  baseUrl: string,
  next: (i: number) => LoadRequest,
  options: { concurrency: number; ms: number; warmupMs: number },
): Promise<LoadResult> {
  let counter = 0;
  const unbounded = Number.MAX_SAFE_INTEGER;
  if (options.warmupMs > 0) {
    await cannon(baseUrl, () => next(counter++), {
      connections: options.concurrency,
      amount: unbounded,
      maxMs: options.warmupMs,
    });
  }
  return cannon(baseUrl, () => next(counter++), {
    connections: options.concurrency,
    amount: unbounded,
    maxMs: options.ms,
  });
}

/**
 * One autocannon run: `connections` keep-alive connections, each sending its next request when
 * the previous one has answered, until `amount` answers or `maxMs` have passed. autocannon writes
 * prebuilt requests to raw sockets, so the generator takes little of the CPU the server shares
 * with it on one machine (Node's http client took several times more, and its cost showed up in
 * the server's latencies).
 */
function cannon(
  baseUrl: string,
  next: () => LoadRequest,
  options: { connections: number; amount: number; maxMs: number },
): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], elapsedMs: 0, errors: 0 };
  // autocannon gives each request a fresh context object, passed to setupRequest and onResponse
  // and left on the connection's iterator until the next request: it carries what was sent.
  type Context = { req?: LoadRequest; failed?: boolean };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        amount: options.amount,
        timeout: 30,
        requests: [
          {
            setupRequest: (request, context: Context) => {
              const req = next();
              context.req = req;
              const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
              return {
                ...request,
                method: req.method ?? 'GET',
                path: req.path,
                headers: {
                  accept: 'application/json',
                  ...req.headers,
                  ...(req.cookie ? { cookie: req.cookie } : {}),
                  ...(payload ? { 'content-type': 'application/json' } : {}),
                },
                ...(payload ? { body: payload } : {}),
              };
            },
            onResponse: (status, body, context: Context) => {
              const req = context.req;
              if (req && !isSuccess({ status, body }, req.expectStatus)) {
                result.errors++;
                result.firstError ??= `${req.method ?? 'GET'} ${req.path}: ${status} ${body.slice(0, 200)}`;
                context.failed = true;
              }
            },
          },
        ],
      },
      (error) => {
        clearTimeout(timer);
        result.elapsedMs = performance.now() - started;
        if (error) reject(error);
        else resolve(result);
      },
    );
    // A failed answer is counted once, in onResponse; its latency is left out.
    instance.on('response', (client, _status, _bytes, responseTime) => {
      const context = (client as unknown as { requestIterator: { context: Context } }).requestIterator.context;
      if (!context.failed) result.latencies.push(responseTime);
    });
    instance.on('reqError', (error) => {
      result.errors++;
      result.firstError ??= error.message;
    });
    const timer = setTimeout(() => instance.stop(), options.maxMs);
  });
}
