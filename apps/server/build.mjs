/**
 * Bundles the server into dist/main.mjs for `npm start`: our own code (and @portal/shared) in
 * one file, every npm package left external. Starting plain JavaScript is faster and lighter
 * than transpiling TypeScript at start-up (see docs/decisions/0002-server-bundle.md).
 */
import { build } from 'esbuild';

// SERVER_BUNDLE_OUT: another place for the bundle (a second e2e or bench build beside this one).
const outfile = process.env.SERVER_BUNDLE_OUT ?? 'dist/main.mjs';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces need only the mappings; the sources are in the repository. Node keeps a loaded
  // bundle's source map in memory (--enable-source-maps), so the TypeScript copies (~1.8 MB)
  // would stay resident in every server.
  sourcesContent: false,
  logLevel: 'warning',
  // Keep require() working for any CommonJS package loaded through createRequire.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') || args.path.endsWith('.json')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
};

await build({ ...common, entryPoints: ['src/main.ts'], outfile });
// The parser pool's worker (platform/untrusted/pool.ts looks for it beside the bundle, by the
// bundle's name: main.mjs → main.parser-worker.mjs).
await build({
  ...common,
  entryPoints: ['src/platform/untrusted/parser-worker.ts'],
  outfile: outfile.replace(/\.mjs$/, '.parser-worker.mjs'),
});
