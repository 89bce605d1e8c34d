import { defineConfig } from 'vitest/config';
import { reporters } from '../vitest.reporters.ts';

// Chromium journeys against the real server; see run.mjs for how they are started.
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Two cores: one browser at a time keeps journeys steady.
    fileParallelism: false,
    reporters: reporters('e2e'),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
