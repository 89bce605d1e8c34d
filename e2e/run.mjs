#!/usr/bin/env node
/**
 * `npm run test:e2e`: makes sure the Debian packages the tests need are installed
 * (scripts/test-packages.mjs), builds the web app, then runs the Chromium journeys against the real server.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { ensureTestPackages } from '../scripts/test-packages.mjs';

ensureTestPackages();

execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
