import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        for (const file of start) visit(file);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('first-screen manifest: the build has no entry chunk');
      // The entry first, then what it imports statically: what index.html loads and preloads.
      const entryFiles = closure([entry.fileName]);
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

// The server serves dist/ and replaces __CSP_NONCE__ in index.html with a fresh nonce per response;
// Vite stamps that placeholder on the tags it emits and on <meta property="csp-nonce">, which the
// app reads at start (src/lib/csp.ts) to hand to antd's CSS-in-JS.
export default defineConfig({
  plugins: [react(), firstScreenManifest()],
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
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|zod)[\\/]/,
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
