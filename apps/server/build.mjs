/**
 * Bundles the server for `npm start`: our own code (and @portal/shared) in one file,
 * dist/main.bundle.mjs, every npm package left external. Starting plain JavaScript is faster and
 * lighter than transpiling TypeScript at start-up (see docs/decisions/0002-server-bundle.md).
 * dist/main.mjs, the file that is started, turns on source maps for that bundle only and then
 * loads it (see below).
 */
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { build } from 'esbuild';

// SERVER_BUNDLE_OUT: another place for the entry (a second e2e or bench build beside this one).
const outfile = process.env.SERVER_BUNDLE_OUT ?? 'dist/main.mjs';
const bundle = outfile.replace(/\.mjs$/, '.bundle.mjs');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces need only the mappings; the sources are in the repository. Node keeps a loaded
  // bundle's source map in memory, so the TypeScript copies (~1.8 MB) would stay resident in
  // every server.
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

await build({ ...common, entryPoints: ['src/main.ts'], outfile: bundle });
// The parser pool's worker (platform/untrusted/pool.ts looks for it beside the bundle, by the
// bundle's name: main.bundle.mjs → main.bundle.parser-worker.mjs). Workers start without source
// maps (the pool passes no execArgv).
await build({
  ...common,
  entryPoints: ['src/platform/untrusted/parser-worker.ts'],
  outfile: bundle.replace(/\.mjs$/, '.parser-worker.mjs'),
});
// The entry. Source maps for our bundle only: `--enable-source-maps` also parsed and kept the
// source maps that npm packages ship (PGlite's among them), ~7 MB of heap at rest
// (docs/decisions/0023, "Memory at rest: lazy libraries"). Node reads a module's source map when
// it compiles the module, so the setting has to come before the bundle is loaded, from another
// file. A server started as `node dist/main.mjs`, without the start script's flags, maps its
// stack traces too.
await writeFile(
  outfile,
  `// Built by apps/server/build.mjs.
import { setSourceMapsSupport } from 'node:module';
setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
await import('./${basename(bundle)}');
`,
);
