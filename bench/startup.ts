/** Start-up time to a green /readyz on PGlite, and idle memory. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Figure, median } from './report.ts';
import { rssMb, startServer } from './server-process.ts';

export async function benchStartup(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  try {
    const first = await startServer({ DATA_DIR: dataDir });
    const firstRss = await rssMb(first.child.pid!);
    await first.stop();

    const restarts: number[] = [];
    let idleRss = 0;
    for (let i = 0; i < 3; i++) {
      const server = await startServer({ DATA_DIR: dataDir });
      restarts.push(server.readyMs);
      if (i === 2) {
        // Idle: a few requests as a visitor would make, then quiet.
        for (const path of ['/readyz', '/api/site/config', '/api/dict/p1/selectDict'])
          await fetch(server.baseUrl + path);
        await new Promise((r) => setTimeout(r, 3000));
        idleRss = await rssMb(server.child.pid!);
      }
      await server.stop();
    }
    return [
      { name: 'start → /readyz, new data directory (PGlite)', value: first.readyMs, unit: 'ms', target: 10_000 },
      {
        name: 'start → /readyz, existing data directory, median of 3',
        value: median(restarts),
        unit: 'ms',
        target: 2_000,
      },
      { name: 'idle RSS after restart', value: idleRss, unit: 'MB', target: 250 },
      { name: 'RSS right after first start (initdb included)', value: firstRss, unit: 'MB' },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
