/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the built server started by the bench with
 * BENCH_CPU_PROF=<dir>): self time by package or area (kysely, zod, fastify, pg, the server's own
 * code, garbage collection, …) and the heaviest functions.
 *
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [top N] [last ms]`
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** The area a frame belongs to: an npm package, the server's own bundle, Node's internals, or V8's own. */
export function areaOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  if (url.includes('/dist/main.') || url.includes('/apps/server/')) return 'server code';
  if (url.includes('/packages/shared/')) return 'shared package';
  return url;
}

/**
 * `lastMs`: only the samples of the profile's last milliseconds (the load, not the start-up:
 * bench/profile-phase.ts stops the server as soon as the load ends).
 */
export async function summarise(file: string, top = 25, lastMs = Number.POSITIVE_INFINITY): Promise<string[]> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const from = profile.endTime - lastMs * 1000;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of self) {
    const node = byId.get(id)!;
    const area = areaOf(node.callFrame);
    if (area === 'idle') continue;
    total += micros;
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const name = `${node.callFrame.functionName || '(anonymous)'}  [${area}${node.callFrame.url && !node.callFrame.url.includes('node_modules') ? `:${node.callFrame.lineNumber + 1}` : ''}]`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
  const span = Math.min(profile.endTime - profile.startTime, lastMs * 1000);
  const lines = [`sampled: ${(total / 1000).toFixed(0)} ms of ${(span / 1000).toFixed(0)} ms (idle left out)`];
  lines.push('self time by area:');
  for (const [area, micros] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`  ${share(micros)}  ${area}`);
  }
  lines.push('heaviest functions (self time):');
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`  ${share(micros)}  ${name}`);
  }
  return lines;
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const [file, top, lastMs] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [top N] [last ms]');
  console.info((await summarise(file, top ? Number(top) : 25, lastMs ? Number(lastMs) : undefined)).join('\n'));
}
