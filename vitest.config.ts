import { defineConfig } from 'vitest/config';
import { reporters } from './vitest.reporters.ts';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // Whole pages render with antd under jsdom; on a busy two-core machine that takes seconds
          // (up to 17.5 s for one test on a slow day). The timeout only catches hangs.
          testTimeout: 40_000,
        },
      },
    ],
  },
});
