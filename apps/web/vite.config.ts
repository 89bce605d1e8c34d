import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:8080';

// The server serves dist/ and replaces __CSP_NONCE__ in index.html with a fresh nonce per response;
// Vite stamps that placeholder on the tags it emits and on <meta property="csp-nonce">, which the
// app reads at start (src/lib/csp.ts) to hand to antd's CSS-in-JS.
export default defineConfig({
  plugins: [react()],
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
