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
