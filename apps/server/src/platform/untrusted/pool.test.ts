/**
 * The parser pool's own bounds (issue 24): a task past its deadline or its heap cap ends its
 * worker and is refused, the next task gets a fresh worker, a full queue refuses at once, and the
 * thread that serves requests keeps running throughout. The worker is a fixture with tasks that
 * answer, never end, or outgrow the heap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ParserPool, parserWorkerUrl } from './pool.ts';

const workerUrl = new URL('../../../test/fixtures/pool-test-worker.mjs', import.meta.url);
let pool: ParserPool;

function makePool(options: { workers?: number; queue?: number; deadlineMs?: number } = {}) {
  pool = new ParserPool({ workerUrl, workers: 1, queue: 1, deadlineMs: 400, heapMb: 32, ...options });
  return pool;
}

afterEach(() => pool?.close());

/** The longest the event loop waited while `work` ran (a 10 ms timer's lateness). */
async function loopLag<T>(work: Promise<T>): Promise<{ settled: PromiseSettledResult<T>; lag: number }> {
  let lag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 10);
    last = now;
  }, 10);
  const [settled] = await Promise.allSettled([work]);
  clearInterval(timer);
  return { settled: settled as PromiseSettledResult<T>, lag };
}

describe('ParserPool', () => {
  it('answers a task', async () => {
    expect(await makePool().run('echo', { a: 1 })).toEqual({ a: 1 });
  });

  const endless = [
    { name: 'past the deadline (a loop that never ends)', task: 'spin', deadlineMs: 400 },
    // A deadline far off: only the heap cap can end this one in time.
    { name: 'past the heap cap', task: 'grow', deadlineMs: 20_000 },
  ];
  it.each(endless)(
    '$name: refused with PRT_FILE_TOO_COMPLEX, this thread never blocked, the next task served',
    async ({ task }) => {
      makePool();
      const started = performance.now();
      const { settled, lag } = await loopLag(pool.run(task, null));
      expect(settled).toMatchObject({
        status: 'rejected',
        reason: { code: 'PRT_FILE_TOO_COMPLEX', params: { seconds: 0.4, megabytes: 32 } },
      });
      expect(performance.now() - started).toBeLessThan(5000);
      expect(lag).toBeLessThan(100);
      expect(await pool.run('echo', 'next')).toBe('next');
    },
  );

  it('a worker that cannot start fails its task as the server’s fault, not as a refused file', async () => {
    pool = new ParserPool({
      workerUrl: new URL('../../../test/fixtures/no-such-worker.mjs', import.meta.url),
      workers: 1,
      queue: 1,
      deadlineMs: 5000,
      heapMb: 32,
    });
    const failed = await pool.run('echo', 'x').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toHaveProperty('code', 'PRT_FILE_TOO_COMPLEX');
    expect(String(failed)).toMatch(/parser worker failed/);
  });

  it('refuses at once with PRT_FILE_CHECK_BUSY when every worker is busy and the queue is full', async () => {
    makePool({ workers: 1, queue: 1 });
    const running = pool.run('spin', null);
    const waiting = pool.run('echo', 'waited');
    await expect(pool.run('echo', 'third')).rejects.toMatchObject({ code: 'PRT_FILE_CHECK_BUSY' });
    await expect(running).rejects.toMatchObject({ code: 'PRT_FILE_TOO_COMPLEX' });
    // The waiting task's deadline starts when a worker takes it: it is served after the refusal.
    expect(await waiting).toBe('waited');
  });

  it('finds its worker beside the sources, and beside the bundle by the bundle name', () => {
    expect(parserWorkerUrl('file:///app/src/platform/untrusted/pool.ts').href).toBe(
      'file:///app/src/platform/untrusted/parser-worker.ts',
    );
    expect(parserWorkerUrl('file:///app/dist/main.mjs').href).toBe('file:///app/dist/main.parser-worker.mjs');
  });
});
