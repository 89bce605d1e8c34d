/**
 * Starts the built server once for all journeys: a free port, a fresh data directory with demo
 * data, the embedded database. Stops it (SIGTERM) at the end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_NODE_ENV, SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { freePort } from '../apps/server/test/free-port.ts';
import { startTestSmtpServer } from '../apps/server/test/smtp.ts';
import { watchServer } from './server-watch.ts';

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  await mkdir('e2e/artifacts', { recursive: true });
  // A real SMTP server in this process; each message is written to mailDir for the journeys.
  const mailDir = join(dataDir, 'mail');
  await mkdir(mailDir, { recursive: true });
  const smtp = await startTestSmtpServer();
  let written = 0;
  const flush = setInterval(() => {
    for (; written < smtp.messages.length; written++) {
      const mail = smtp.messages[written]!;
      writeFileSync(
        join(mailDir, `${String(written).padStart(5, '0')}.json`),
        JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }),
      );
    }
  }, 50);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.mjs'],
    {
      env: {
        ...env,
        ...SERVER_NODE_ENV,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_URL: baseURL,
        SMTP_URL: smtp.url,
        // Journeys give each browser its own X-Forwarded-For address (support.ts), so per-address
        // rate limits apply per simulated person, as behind the production load balancer: the
        // browsers connect over loopback, which stands in for the proxy.
        TRUST_PROXY: 'loopback',
        // Picture-code answers in a response header; the server refuses this in production.
        CAPTCHA_TEST_MODE: 'true',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // A fresh data directory with demo data starts in about 5 s on a quiet machine; a busy two-core
  // machine has been seen to take two minutes.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server not ready within 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  const stopWatching = watchServer(baseURL, 'e2e/artifacts');
  return async () => {
    await stopWatching();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    clearInterval(flush);
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
