/**
 * Two built servers behind a real load balancer (nginx), on one PostgreSQL database and one S3
 * store: the machinery of the two-instance test (issue 28, item 3), shared with the soak bench
 * (bench/soak.ts, item 6). No vitest here, so that a bench script run by tsx can use it.
 *
 * Each instance runs the server bundle (as `npm start` runs it) with a data directory of its own
 * and TRUST_PROXY naming the balancer only: nginx connects to them from 127.0.0.2, while clients
 * connect to nginx from addresses of their own in 127.0.0.0/8, each a different client as on the
 * internet. nginx sends a request to the instance its `X-Test-Instance` header names (a or b),
 * otherwise to either in turn, and says which one answered in `X-Upstream`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { NGINX_PATH } from '../../../scripts/test-packages.mjs';
import { SERVER_NODE_ENV, SERVER_NODE_FLAGS } from '../node-flags.mjs';

import { freePort } from './free-port.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Where `npm start` runs the server from (the web app's dist is looked for from there). */
const ROOT_DIR = fileURLToPath(new URL('../../..', import.meta.url));
/** nginx's own address towards the instances: the one address TRUST_PROXY names. */
const BALANCER_ADDRESS = '127.0.0.2';

export { NGINX_PATH };

export type Instance = 'a' | 'b';
export type Answer = {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  rawPayload: Buffer;
  /** As app.inject's answer parses it (light-my-request's `json<T = any>`), which the shared helpers read. */
  // biome-ignore lint/suspicious/noExplicitAny: the same type as app.inject's answer
  json<T = any>(): T;
};
/** A request as app.inject takes it; `agent` is the HTTP agent to send it with (default: Node's). */
export type SendOptions = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  remoteAddress?: string;
  agent?: http.Agent;
};

/** A test client address (10.x.y.z from nextIp) as a loopback address this machine can send from. */
export const loopbackFor = (address: string | undefined) => {
  const parts = address?.split('.').map(Number);
  if (parts?.length !== 4 || parts.some((p) => !Number.isInteger(p))) return '127.0.0.1';
  return `127.${100 + (parts[1]! % 100)}.${parts[2]}.${Math.max(1, parts[3]!)}`;
};

/**
 * Builds the server bundle under apps/server/node_modules/.cache/<name>-<pid>, beside
 * node_modules (its packages stay external), without touching another run's dist/. Answers the
 * entry file and how to remove the bundle.
 */
export function buildServerBundle(name: string): { entry: string; remove(): Promise<void> } {
  const dir = join(SERVER_DIR, 'node_modules', '.cache', `${name}-${process.pid}`);
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: SERVER_DIR,
    env: { ...process.env, SERVER_BUNDLE_OUT: join(dir, 'main.mjs') },
    stdio: 'inherit',
  });
  return { entry: join(dir, 'main.mjs'), remove: () => rm(dir, { recursive: true, force: true }) };
}

export type BalancedPair = {
  balancerPort: number;
  /** Each instance's process and port. */
  servers: Map<Instance, { process: ChildProcess; port: number }>;
  /** Which instance answered each request sent through `send`. */
  answeredBy: Record<Instance, number>;
  /** One request through the balancer; `to` pins an instance. */
  send(options: SendOptions, to?: Instance): Promise<Answer>;
  /** The balancer as the shared test helpers take an app: `inject` goes through nginx (to `to`). */
  balancer(to?: Instance): FastifyInstance;
  /** Stops both instances (SIGTERM) and nginx (SIGQUIT), waiting for each to exit. */
  stop(): Promise<void>;
};

/**
 * Starts nginx and the two instances of `entry` on `databaseUrl` (migrated already) and the S3
 * store of `s3Env`, files under `work`; resolves once both instances and nginx answer /readyz.
 * `env` adds to (or overrides) the instances' environment.
 */
export async function startBalancedPair(options: {
  entry: string;
  work: string;
  databaseUrl: string;
  s3Env: Record<string, string>;
  signingKek: string;
  env?: Record<string, string>;
  /** Where the instances' output goes (default: this process's). */
  stdio?: 'inherit' | 'ignore';
}): Promise<BalancedPair> {
  const { work } = options;
  const servers = new Map<Instance, { process: ChildProcess; port: number }>();
  const answeredBy: Record<Instance, number> = { a: 0, b: 0 };
  const [portA, portB] = [await freePort(), await freePort()];
  const balancerPort = await freePort();
  const instanceOfPort = new Map<number, Instance>([
    [portA, 'a'],
    [portB, 'b'],
  ]);

  async function send(request: SendOptions, to?: Instance): Promise<Answer> {
    const headers: Record<string, string> = { ...(request.headers ?? {}) };
    if (to) headers['x-test-instance'] = to;
    let body: Buffer | undefined;
    if (request.payload instanceof FormData) {
      const encoded = new Request('http://form.invalid/', { method: 'POST', body: request.payload });
      body = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type')!;
    } else if (request.payload !== undefined) {
      body = Buffer.from(JSON.stringify(request.payload));
      headers['content-type'] = 'application/json';
    }
    if (body) headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: balancerPort,
          method: request.method,
          path: request.url,
          headers,
          localAddress: loopbackFor(request.remoteAddress),
          ...(request.agent ? { agent: request.agent } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const upstream = String(res.headers['x-upstream'] ?? '');
            const instance = instanceOfPort.get(Number(upstream.split(',').pop()?.trim().split(':').pop()));
            if (instance) answeredBy[instance]++;
            resolve({
              statusCode: res.statusCode ?? 0,
              headers: res.headers,
              body: raw.toString('utf8'),
              rawPayload: raw,
              json: <T>() => JSON.parse(raw.toString('utf8')) as T,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const balancer = (to?: Instance) =>
    ({ inject: (request: SendOptions) => send(request, to) }) as unknown as FastifyInstance;

  async function startServer(name: Instance, port: number) {
    const dataDir = join(work, `data-${name}`);
    await mkdir(dataDir, { recursive: true });
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, options.entry], {
      cwd: ROOT_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        ...SERVER_NODE_ENV,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl,
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_URL: `http://127.0.0.1:${balancerPort}`,
        SIGNING_KEK: options.signingKek,
        SEED_DEMO_DATA: 'false',
        TRUST_PROXY: BALANCER_ADDRESS,
        CAPTCHA_TEST_MODE: 'true',
        JOBS_ENABLED: 'true',
        ...options.s3Env,
        ...options.env,
      },
      stdio: ['ignore', options.stdio ?? 'inherit', 'inherit'],
    });
    servers.set(name, { process: child, port });
  }

  async function waitReady(port: number) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`instance on ${port} not ready within 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  await mkdir(join(work, 'nginx', 'logs'), { recursive: true });
  const conf = join(work, 'nginx', 'nginx.conf');
  const upstream = (port: number) =>
    // Taken out of the turn for 2 s after a failed connection, as a balancer's health check would.
    `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`;
  await writeFile(
    conf,
    `daemon off;
worker_processes 1;
pid ${join(work, 'nginx', 'nginx.pid')};
error_log ${join(work, 'nginx', 'logs', 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log ${join(work, 'nginx', 'logs', 'access.log')};
  client_body_temp_path ${join(work, 'nginx', 'body')};
  proxy_temp_path ${join(work, 'nginx', 'proxy')};
  fastcgi_temp_path ${join(work, 'nginx', 'fastcgi')};
  uwsgi_temp_path ${join(work, 'nginx', 'uwsgi')};
  scgi_temp_path ${join(work, 'nginx', 'scgi')};
  client_max_body_size 64m;
  upstream both { ${upstream(portA)} ${upstream(portB)} keepalive 16; }
  upstream only_a { server 127.0.0.1:${portA}; }
  upstream only_b { server 127.0.0.1:${portB}; }
  map $http_x_test_instance $pool { a only_a; b only_b; default both; }
  server {
    listen 127.0.0.1:${balancerPort};
    location / {
      proxy_pass http://$pool;
      proxy_bind ${BALANCER_ADDRESS};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 120s;
      # An instance that refuses the connection or answers 502/503 (it is stopping) did nothing
      # with the request: it goes to the other one, writes included.
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const nginx = spawn(
    NGINX_PATH,
    ['-p', join(work, 'nginx'), '-c', conf, '-e', join(work, 'nginx', 'logs', 'error.log')],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );

  async function stop() {
    const stopping = [...servers.values()].map(
      ({ process: child }) =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done(undefined);
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
    );
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const ended = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGQUIT');
      await ended;
    }
    await Promise.all(stopping);
  }

  try {
    await startServer('a', portA);
    await startServer('b', portB);
    await Promise.all([waitReady(portA), waitReady(portB)]);
    // nginx is up once it answers (the instances are ready, so through it too).
    const deadline = Date.now() + 10_000;
    while ((await send({ method: 'GET', url: '/readyz' }).catch(() => undefined))?.statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('nginx did not answer within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    // Not left running behind the failed start.
    await stop();
    throw error;
  }
  return { balancerPort, servers, answeredBy, send, balancer, stop };
}
