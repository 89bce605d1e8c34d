import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const fixture = fileURLToPath(new URL('../../test/fixtures/slow-server.ts', import.meta.url));

async function startServer(): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const target = inject('testDatabase');
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, DATABASE_URL: '', PGLITE_DUMP: target.kind === 'pglite' ? target.dumpPath : '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    out += chunk;
  });
  const deadline = Date.now() + 30_000;
  while (!/listening (\S+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, base: /listening (\S+)/.exec(out)![1]!, output: () => out };
}

describe('graceful shutdown', () => {
  it('lets in-flight requests finish on SIGTERM, refuses new ones, closes the database and exits 0', async () => {
    const { child, base, output } = await startServer();
    const inFlight = [1, 2, 3].map(() =>
      fetch(`${base}/api/__test/slow`).then(async (r) => [r.status, await r.json()]),
    );
    await new Promise((r) => setTimeout(r, 300));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    // Refused: the listener is closed (the connection fails) or, if the process has not closed it
    // yet on a busy machine, Fastify answers 503 and closes the connection.
    const refused = await fetch(`${base}/healthz`).then(
      (res) => ({ status: res.status, connection: res.headers.get('connection') }),
      () => 'connection refused',
    );
    expect(['connection refused', { status: 503, connection: 'close' }]).toContainEqual(refused);
    const answers = await Promise.all(inFlight);
    for (const [status, body] of answers) {
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: '0', message: 'done' });
    }
    const [code] = await exited;
    expect(code, output()).toBe(0);
    expect(output()).toContain('closed-database');
  }, 40_000);
});
