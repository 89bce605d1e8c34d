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
    // A journey left with `.only` fails the run instead of quietly skipping the others.
    allowOnly: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
