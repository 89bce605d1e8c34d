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
    const idle: number[] = [];
    for (let i = 0; i < 3; i++) {
      const server = await startServer({ DATA_DIR: dataDir });
      restarts.push(server.readyMs);
      // Idle: a few requests as a visitor would make, then quiet. RSS varies by ±15 MB from
      // run to run (GC and WASM tier-up timing), so the median of three restarts is reported.
      for (const path of ['/readyz', '/api/site/config', '/api/dict/p1/selectDict']) await fetch(server.baseUrl + path);
      await new Promise((r) => setTimeout(r, 3000));
      idle.push(await rssMb(server.child.pid!));
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
      { name: 'idle RSS after restart, median of 3', value: median(idle), unit: 'MB', target: 250 },
      { name: `idle RSS range (${idle.map((v) => v.toFixed(0)).join(', ')})`, value: Math.max(...idle), unit: 'MB' },
      { name: 'RSS right after first start (initdb included)', value: firstRss, unit: 'MB' },
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
