import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const API_TARGET = 'http://localhost:8080';

/**
 * The public pages whose document the server completes (apps/server/src/platform/first-screen.ts):
 * the page's own module, whose chunks and styles the document then names so the browser fetches
 * them beside the entry instead of after it has run.
 */
const CONTENT_SCHEMAS = 'shared/src/schemas/content.ts';
const FIRST_SCREEN_PAGES: Record<string, string[]> = {
  // The content reads validate their answers with the content schemas, loaded beside the read.
  '/home': ['src/pages/home/HomePage.tsx', CONTENT_SCHEMAS],
  '/about': ['src/pages/content/about/AboutPage.tsx', CONTENT_SCHEMAS],
  '/verify': ['src/pages/contracts/VerifyPage.tsx'],
};

/**
 * Writes dist/.vite/first-screen.json: `entry`, the entry chunk and what it imports statically (the
 * tags index.html carries, which the server defers on those pages until their first screen has
 * painted), and `pages`: for each page of FIRST_SCREEN_PAGES, the scripts (the chunks of its
 * modules and what they import statically, less the entry's) and styles.
 */
function firstScreenManifest(): Plugin {
  return {
    name: 'portal-first-screen-manifest',
    apply: 'build',
    // After writing, not at generateBundle: Vite drops pure-CSS chunks and rehashes the chunks that
    // imported them after other plugins' generateBundle ran, so only the written bundle has the
    // names the browser will find.
    writeBundle(options, bundle) {
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = staticClosure(byFile);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('first-screen manifest: the build has no entry chunk');
      // The entry first, then what it imports and its start's steps: what index.html loads and preloads.
      const entryFiles = new Set([...closure([entry.fileName]), ...bootStepFiles(entry, closure)]);
      const pages: Record<string, { scripts: string[]; styles: string[] }> = {};
      for (const [path, sources] of Object.entries(FIRST_SCREEN_PAGES)) {
        const starts = sources.map((source) => {
          const holds = (id: string | null | undefined) => id?.replaceAll('\\', '/').endsWith(source) ?? false;
          const chunk =
            chunks.find((item) => holds(item.facadeModuleId)) ?? chunks.find((item) => item.moduleIds.some(holds));
          if (!chunk) throw new Error(`first-screen page ${path}: no chunk for ${source}`);
          return chunk.fileName;
        });
        const files = [...closure(starts)].filter((file) => !entryFiles.has(file));
        const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        pages[path] = { scripts: files.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
      }
      const outDir = options.dir ?? 'dist';
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      const manifest = { entry: [...entryFiles].map((file) => `/${file}`), pages };
      writeFileSync(join(outDir, '.vite', 'first-screen.json'), JSON.stringify(manifest, null, 2));
    },
  };
}

function chunksOf(bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  return Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
}

/** The files that `start` loads: themselves and what they import statically, transitively. */
function staticClosure(byFile: ReadonlyMap<string, Rolldown.OutputChunk>) {
  return (start: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    for (const file of start) visit(file);
    return seen;
  };
}

/**
 * The files of the entry's start steps (main.tsx imports them one after the other, each in its
 * own task) that the entry does not import statically, in order.
 */
function bootStepFiles(entry: Rolldown.OutputChunk, closure: (start: string[]) => Set<string>): string[] {
  const loaded = closure([entry.fileName]);
  return [...closure(entry.dynamicImports)].filter((file) => !loaded.has(file));
}

/**
 * index.html preloads the start steps' scripts and links their styles, as it does for what the
 * entry imports statically: the steps then cost no round trip each (the browser has them when
 * main.tsx asks), and the shell's styles (imported by the app, a step) still come with the
 * document, before the entry's own (global.css last, as when the app was a static import).
 */
function bootStepsPreloaded(): Plugin {
  return {
    name: 'portal-boot-steps-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return html;
        const byFile = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
        const closure = staticClosure(byFile);
        const steps = bootStepFiles(entry, closure);
        const entryStyles = new Set(entry.viteMetadata?.importedCss ?? []);
        const styles = [
          ...new Set(steps.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
        ].filter((file) => !entryStyles.has(file));
        const nonce = '__CSP_NONCE__';
        // Before the entry's first stylesheet (global.css comes after the app's styles).
        const [firstStyle] = entryStyles;
        const before = firstStyle ? html.search(new RegExp(`<link[^>]*href="/${firstStyle}"`)) : -1;
        if (before < 0 && styles.length) throw new Error('boot steps: index.html does not link the entry’s styles');
        const links = styles.map(
          (file) => `<link rel="stylesheet" crossorigin href="/${file}" nonce="${nonce}">\n    `,
        );
        return {
          html: `${html.slice(0, before)}${links.join('')}${html.slice(before)}`,
          tags: steps.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, nonce },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

// The server serves dist/ and replaces __CSP_NONCE__ in index.html with a fresh nonce per response;
// Vite stamps that placeholder on the tags it emits and on <meta property="csp-nonce">, which the
// app reads at start (src/lib/csp.ts) to hand to antd's CSS-in-JS.
export default defineConfig({
  plugins: [react(), bootStepsPreloaded(), firstScreenManifest()],
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page needs, kept apart so an app release does not invalidate them.
          // antd stays out: its components load with the pages that use them. So does
          // use-sync-external-store, which only the back office's editor (Tiptap) uses.
          groups: [
            // Three groups, not one: main.tsx evaluates the schema library, the texts' and React's
            // in separate tasks (a chunk is evaluated whole).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)[\\/]/,
            },
            {
              // The app's small modules that the shell and many pages share (route paths, the
              // locale hook, the query client...): one file instead of a dozen tiny ones, each of
              // which would cost a request and gzip's per-file overhead in the first download.
              name: 'shell',
              test: /src[\\/](features[\\/][\w-]+[\\/]paths|app[\\/]route-paths|features[\\/]accounts[\\/]account-states|lib[\\/]i18n[\\/]useLocale|app[\\/]providers[\\/]query-client|features[\\/]site-config[\\/](useSiteConfig|site-config-api)|lib[\\/]lazy-page)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_TARGET,
      '/healthz': API_TARGET,
      '/readyz': API_TARGET,
    },
  },
});
