#!/usr/bin/env node
/**
 * The Debian packages the tests need, installed with apt-get when missing (never by hand):
 * Chromium and CJK fonts for the browser journeys, poppler-utils for `pdfsig`, the independent
 * check of signed contracts (with pdftotext and pdftoppm), libnss3-tools (certutil) to make pdfsig
 * trust the portal's CA, openssl, the independent check of the portal's certificates, and softhsm2,
 * the PKCS#11 token the signing keys are tested in, and nginx, the load balancer in front of two
 * instances in the scale-out test (apps/server/test/two-instances.test.ts). Tests that
 * need one of these fail naming it when it is missing (apps/server/test/require-tool.ts).
 * `node scripts/test-packages.mjs` installs them all; e2e/run.mjs and `npm run test:unit` call
 * it first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

function debInstalled(pkg) {
  return /Status: install ok installed/.test(spawnSync('dpkg', ['-s', pkg], { encoding: 'utf8' }).stdout ?? '');
}

/** Installs whichever of these packages is missing. */
export function ensureTestPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!debInstalled('fonts-noto-cjk')) missing.push('fonts-noto-cjk');
  if (!debInstalled('poppler-utils')) missing.push('poppler-utils');
  // certutil: trusting the portal's CA in an NSS database, so pdfsig can say "Certificate is Trusted".
  if (!debInstalled('libnss3-tools')) missing.push('libnss3-tools');
  // openssl: verifying the portal's certificates (pki.test.ts).
  if (!debInstalled('openssl')) missing.push('openssl');
  // softhsm2: a PKCS#11 token in files, for the signing keys kept in a token (pkcs11-signing.test.ts).
  if (!debInstalled('softhsm2')) missing.push('softhsm2');
  // nginx: the load balancer of the two-instance test (run as the test's user, never as a service).
  if (!existsSync(NGINX_PATH)) missing.push('nginx');
  if (!missing.length) return;
  console.info(`tests: installing ${missing.join(', ')} with apt-get`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureTestPackages();
