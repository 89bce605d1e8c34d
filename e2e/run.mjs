#!/usr/bin/env node
/**
 * `npm run test:e2e`: makes sure Debian's Chromium and CJK fonts are installed (apt-get, when
 * missing), builds the web app, then runs the Chromium journeys against the real server.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function debInstalled(pkg) {
  return /Status: install ok installed/.test(spawnSync('dpkg', ['-s', pkg], { encoding: 'utf8' }).stdout ?? '');
}

const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
if (!debInstalled('fonts-noto-cjk')) missing.push('fonts-noto-cjk');
if (missing.length) {
  console.info(`e2e: installing ${missing.join(', ')} with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
}

execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
