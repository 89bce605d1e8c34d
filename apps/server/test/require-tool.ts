/**
 * The independent checkers (poppler's pdfsig and pdftotext, openssl, NSS's certutil) and the CJK
 * font some tests need. A test that needs one fails, naming what is missing and the Debian package
 * that brings it, instead of skipping or returning early: a check that quietly drops out proves
 * nothing. `node scripts/test-packages.mjs` installs them all.
 */
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const INSTALL_HINT = 'node scripts/test-packages.mjs';

/** The path of the executable `name` found on the PATH; throws naming it and its package when missing. */
export function requireTool(name: string, pkg: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not in this directory
    }
  }
  throw new Error(`${name} is missing: install ${pkg} (${INSTALL_HINT})`);
}

/** `path` itself; throws naming it and its package when the file is missing. */
export function requireFile(path: string, pkg: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: install ${pkg} (${INSTALL_HINT})`);
  return path;
}

/** The tools, by the name a test calls them, with the Debian package each comes from. */
export const pdfsig = () => requireTool('pdfsig', 'poppler-utils');
export const pdftotext = () => requireTool('pdftotext', 'poppler-utils');
export const pdftoppm = () => requireTool('pdftoppm', 'poppler-utils');
export const pdfdetach = () => requireTool('pdfdetach', 'poppler-utils');
export const openssl = () => requireTool('openssl', 'openssl');
export const certutil = () => requireTool('certutil', 'libnss3-tools');
export const softhsm2Util = () => requireTool('softhsm2-util', 'softhsm2');
/** SoftHSM's PKCS#11 module, where Debian puts it. */
export const softhsm2Module = () => requireFile('/usr/lib/softhsm/libsofthsm2.so', 'softhsm2');

/**
 * A new NSS database in `dir`/nssdb trusting only the certificate in the PEM file `authorityPem`,
 * for `pdfsig -nssdir`; answers its `sql:` name.
 */
function nssDatabaseTrusting(dir: string, authorityPem: string): string {
  const nss = `sql:${join(dir, 'nssdb')}`;
  mkdirSync(join(dir, 'nssdb'), { recursive: true });
  execFileSync(certutil(), ['-N', '-d', nss, '--empty-password']);
  execFileSync(certutil(), ['-A', '-d', nss, '-n', 'portal-ca', '-t', 'CT,C,C', '-i', authorityPem]);
  return nss;
}

/**
 * pdfsig's report on `pdf` (written to `dir`), trusting only `authorityPem`: its whole output and
 * one block of it a signature. Runs asynchronously, so a responder in this process can answer it.
 */
export async function pdfsigReport(dir: string, authorityPem: string, pdf: Uint8Array, options: string[] = []) {
  const nss = nssDatabaseTrusting(dir, authorityPem);
  const file = join(dir, 'signed.pdf');
  await writeFile(file, pdf);
  const { stdout } = await promisify(execFile)(pdfsig(), ['-nssdir', nss, ...options, file]);
  return { stdout, blocks: stdout.split(/^Signature #\d+:$/m).slice(1) };
}
