import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters.ts';

const WEB_TEST = {
  root: './apps/web',
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['./src/test/setup.ts'],
  // Whole pages render with antd under jsdom; on a busy two-core machine that takes seconds
  // (up to 17.5 s for one test on a slow day). The timeout only catches hangs.
  testTimeout: 40_000,
} as const;

/**
 * Web tests about what a fresh page load holds (the translations bundled at start, the route
 * table's first redirect, a toast host's first call): each runs in a module graph of its own.
 */
const WEB_NEEDS_FRESH_MODULES = [
  'src/app/router.test.tsx',
  'src/lib/i18n/namespaces.test.tsx',
  'src/lib/i18n/resources.test.ts',
  'src/features/uncommon-char/UncommonCharHost.test.tsx',
  'src/lib/return-focus-dialogs.test.tsx',
];

// Unit and integration tests. The Chromium journeys have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    reporters: reporters('unit'),
    // A test left with `.only` fails the run (here and in CI) instead of quietly skipping the rest.
    allowOnly: false,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // One module graph per worker, reused across files: each file builds its own app on its
          // own database, so what it imports (the whole server, its PDF, signing and font
          // libraries) is loaded once per worker instead of once per file, about 40 % of the
          // server tests' time. Process-wide state (the metrics registry) is read as deltas.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          ...WEB_TEST,
          name: 'web',
          exclude: WEB_NEEDS_FRESH_MODULES,
          // One jsdom per worker, reused across files: antd and React are imported once per worker
          // instead of once per file (about a third of the time). setup.ts clears what a file may
          // leave behind (the DOM, toasts, mocks, storage).
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { ...WEB_TEST, name: 'web-isolated', include: WEB_NEEDS_FRESH_MODULES },
      },
    ],
  },
});
