/**
 * The built web app's initial download: the entry script, every module it preloads (its static
 * imports) and the stylesheets index.html links, each gzipped as the server would send them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './report.ts';

const DIST = 'apps/web/dist';

async function gzippedKb(path: string): Promise<number> {
  return gzipSync(await readFile(join(DIST, path)), { level: 9 }).length / 1024;
}

export async function benchWebSize(): Promise<Figure[]> {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/^\//, ''));
  const scripts = [
    ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ];
  const styles = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  let js = 0;
  for (const file of new Set(scripts)) js += await gzippedKb(file);
  let css = 0;
  for (const file of new Set(styles)) css += await gzippedKb(file);
  const htmlKb = gzipSync(html, { level: 9 }).length / 1024;
  return [
    { name: `initial JS gzipped (${new Set(scripts).size} files)`, value: js, unit: 'KB', target: 300 },
    { name: `initial CSS gzipped (${new Set(styles).size} files)`, value: css, unit: 'KB' },
    { name: 'index.html gzipped', value: htmlKb, unit: 'KB' },
  ];
}
