import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { reporters } from '../vitest.reporters.ts';

/**
 * Journeys that change what every account sees (a new agreement version asks every account to
 * accept it again) run after all the others, which share the one server of global-setup.ts.
 */
const PORTAL_WIDE = /agreement-version\.spec\.ts$/;

class PortalWideLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [
      ...sorted.filter((file) => !PORTAL_WIDE.test(file.moduleId)),
      ...sorted.filter((file) => PORTAL_WIDE.test(file.moduleId)),
    ];
  }
}

// Chromium journeys against the real server; see run.mjs for how they are started.
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Two cores: one browser at a time keeps journeys steady.
    fileParallelism: false,
    sequence: { sequencer: PortalWideLast },
    reporters: reporters('e2e'),
    // A journey left with `.only` fails the run instead of quietly skipping the others.
    allowOnly: false,
    // In CI a failed journey runs once more, and .ci/summarize.mjs names every journey that passed
    // only on its second try, with the first try's reason (docs/decisions/0026-journeys-retry-once-in-ci.md).
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
