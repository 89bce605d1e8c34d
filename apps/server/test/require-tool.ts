/**
 * The independent checkers (poppler's pdfsig and pdftotext, openssl, NSS's certutil) and the CJK
 * font some tests need. A test that needs one fails, naming what is missing and the Debian package
 * that brings it, instead of skipping or returning early: a check that quietly drops out proves
 * nothing. `node scripts/test-packages.mjs` installs them all.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

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
export const openssl = () => requireTool('openssl', 'openssl');
export const certutil = () => requireTool('certutil', 'libnss3-tools');
