/**
 * The built web app's initial download: the entry script, every module it preloads (its static
 * imports) and the stylesheets index.html links, each gzipped as the server would send them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './report.ts';

/** The built web app; BENCH_WEB_DIST reads another build (one made beside the standard one). */
export const WEB_DIST = process.env.BENCH_WEB_DIST ?? 'apps/web/dist';

export async function gzippedKb(path: string, dist = WEB_DIST): Promise<number> {
  return gzipSync(await readFile(join(dist, path)), { level: 9 }).length / 1024;
}

/** index.html and what it makes the browser fetch first: module scripts, modulepreloads, stylesheets. */
export async function entryFiles(dist = WEB_DIST): Promise<{ html: string; scripts: string[]; styles: string[] }> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replace(/^\//, ''));
  const scripts = [
    ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ];
  const styles = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  return { html, scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export async function benchWebSize(): Promise<Figure[]> {
  const { html, scripts, styles } = await entryFiles();
  let js = 0;
  for (const file of scripts) js += await gzippedKb(file);
  let css = 0;
  for (const file of styles) css += await gzippedKb(file);
  const htmlKb = gzipSync(html, { level: 9 }).length / 1024;
  return [
    { name: `initial JS gzipped (${scripts.length} files)`, value: js, unit: 'KB', target: 300 },
    { name: `initial CSS gzipped (${styles.length} files)`, value: css, unit: 'KB' },
    { name: 'index.html gzipped', value: htmlKb, unit: 'KB' },
  ];
}
