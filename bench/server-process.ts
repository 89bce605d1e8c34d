/** Starts the built server (apps/server/dist/main.mjs) as a child process for benchmarks. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_ENV, SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { freePort } from '../apps/server/test/free-port.ts';

export { freePort };

export type RunningServer = { child: ChildProcess; baseUrl: string; readyMs: number; stop(): Promise<void> };

/**
 * Spawns the server and resolves when /readyz answers 200, with the time that took. `entry` is
 * the built bundle (default apps/server/dist/main.mjs); `port` a fixed port (default: a free one);
 * `readyTimeoutMs` how long the first start may take (default 60 s).
 */
export async function startServer(
  env: Record<string, string>,
  options: { entry?: string; port?: number; readyTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const started = performance.now();
  // BENCH_CPU_PROF=<dir>: each server started writes a V8 CPU profile there when it stops
  // (summarised by bench/profile-summary.ts).
  // BENCH_EXTRA_NODE_FLAGS: node flags after the start script's (a later V8 flag wins; bench/ab.ts).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(process.env.BENCH_EXTRA_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      ...profile,
      options.entry ?? 'apps/server/dist/main.mjs',
    ],
    {
      env: { ...inherited, ...SERVER_NODE_ENV, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    // BENCH_READY_TIMEOUT_MS: longer on a machine busy with other work (a first start runs initdb).
    const readyTimeoutMs = options.readyTimeoutMs ?? Number(process.env.BENCH_READY_TIMEOUT_MS ?? 60_000);
    if (performance.now() - started > readyTimeoutMs) {
      // Not left running behind the failed benchmark.
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${(readyTimeoutMs / 1000).toFixed(0)} s`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    baseUrl,
    readyMs,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Resident set size of a process, in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * Runs `work` against the built server on the embedded database with the demo data and the web
 * build `webDist`, then stops it. `dataDir`: a data directory an earlier start has filled, used as
 * it is and kept; else a new one (named after `tmpPrefix`) is filled at start and removed after.
 * The first start loads the demo data, which can take minutes on a busy two-core machine.
 */
export async function withDemoServer<T>(
  options: { webDist: string; tmpPrefix: string; dataDir?: string | undefined },
  work: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), options.tmpPrefix)));
  try {
    const server = await startServer(
      { DATA_DIR: dataDir, WEB_DIST_DIR: options.webDist },
      {
        entry: process.env.BENCH_SERVER_ENTRY,
        port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
        readyTimeoutMs: 300_000,
      },
    );
    try {
      return await work(server);
    } finally {
      await server.stop();
    }
  } finally {
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
