/**
 * Where the key-encryption key (KEK) of platform/signing/key-sealing.ts comes from
 * (docs/operations.md, "Signing keys and the key-encryption key"):
 * - SIGNING_KEK: the KEK itself, 32 bytes in base64 (from a secret manager);
 * - SIGNING_KEK_FILE: a file holding it the same way (one line of base64);
 * - neither: `<DATA_DIR>/keys/signing-kek`, beside the database's files and never inside them.
 *   Outside production the first start makes it (mode 0600, its folder 0700); a production
 *   start refuses without it, so that a KEK is a decision, not an accident.
 * Read once per process and file; a rotation (modules/seals/sealed-keys.ts) writes the new one.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Config, ConfigError } from '../../config.ts';
import { KEK_BYTES, type Kek, type KekKeyStore, type KeyStore, kekKeyStore, kekOf } from './key-sealing.ts';
import { openPkcs11KeyStore } from './pkcs11.ts';

export type KekSource = Config['signingKek'];

export type LoadedKek = {
  kek: Kek;
  store: KekKeyStore;
  /** Where it came from, for messages: `SIGNING_KEK` or the file's path. */
  from: string;
  /** The file it was read from; null for SIGNING_KEK. */
  file: string | null;
  /** The file this start made (the default file, outside production); null otherwise. */
  createdFile: string | null;
  /** The file can be read by others than its owner (its mode allows group or world). */
  looseMode: boolean;
};

const loadedFiles = new Map<string, Promise<LoadedKek>>();

/** The KEK of this configuration (and the key store over it); made on first use where allowed. */
export function loadKek(config: Pick<Config, 'signingKek' | 'isProduction'>): Promise<LoadedKek> {
  const source = config.signingKek;
  if (source.kind === 'value') {
    const kek = kekOf(source.key);
    return Promise.resolve({
      kek,
      store: kekKeyStore(kek),
      from: 'SIGNING_KEK',
      file: null,
      createdFile: null,
      looseMode: false,
    });
  }
  let loaded = loadedFiles.get(source.path);
  if (!loaded) {
    loaded = readOrCreate(source, !config.isProduction);
    loaded.catch(() => loadedFiles.delete(source.path));
    loadedFiles.set(source.path, loaded);
  }
  return loaded;
}

/**
 * The key store this configuration chooses, at start and for good: the PKCS#11 token's with
 * SIGNING_PKCS11_MODULE (pkcs11.ts), otherwise keys sealed under the KEK.
 */
export async function keyStoreFor(
  config: Pick<Config, 'signingKek' | 'signingPkcs11' | 'isProduction'>,
): Promise<KeyStore> {
  if (config.signingPkcs11) return openPkcs11KeyStore(config.signingPkcs11);
  return (await loadKek(config)).store;
}

function loaded(kek: Kek, path: string, extra: Pick<LoadedKek, 'createdFile' | 'looseMode'>): LoadedKek {
  return { kek, store: kekKeyStore(kek), from: path, file: path, ...extra };
}

async function readOrCreate(source: Extract<KekSource, { kind: 'file' }>, mayCreate: boolean): Promise<LoadedKek> {
  const variable = source.configured ? 'SIGNING_KEK_FILE' : 'SIGNING_KEK_FILE (unset: the default file)';
  try {
    const kek = parseKekFile(await readFile(source.path, 'utf8'), source.path, variable);
    const mode = (await stat(source.path)).mode;
    return loaded(kek, source.path, { createdFile: null, looseMode: (mode & 0o077) !== 0 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (source.configured) {
    throw new ConfigError(`Invalid configuration:\n  SIGNING_KEK_FILE: ${source.path} does not exist`);
  }
  if (!mayCreate) {
    throw new ConfigError(
      'Invalid configuration:\n  SIGNING_KEK, SIGNING_KEK_FILE: one must be set in production, or the file ' +
        `${source.path} must exist. It holds the key that seals the signing keys in the database ` +
        `(32 random bytes, base64), e.g.\n    mkdir -p -m 700 ${dirname(source.path)} && ` +
        `(umask 077; openssl rand -base64 32 > ${source.path})\n  Keep a copy apart from the database backups ` +
        '(docs/operations.md, "Signing keys and the key-encryption key").',
    );
  }
  const made = await createKekFile(source.path);
  return loaded(made.kek, source.path, { createdFile: made.created ? source.path : null, looseMode: false });
}

function parseKekFile(text: string, path: string, variable: string): Kek {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEK_BYTES || key.toString('base64') !== text.trim()) {
    throw new ConfigError(
      `Invalid configuration:\n  ${variable}: ${path} must hold ${KEK_BYTES} bytes, base64, on one line`,
    );
  }
  return kekOf(key);
}

/** Writes `kek` to `target` (mode 0600, its folder 0700), synced, through a temporary file renamed into place. */
async function writeKekFile(target: string, kek: Kek): Promise<void> {
  const temporary = await writeTemporary(target, kek);
  await rename(temporary, target);
}

async function writeTemporary(path: string, kek: Kek): Promise<string> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = join(dirname(path), `.signing-kek-${randomBytes(6).toString('hex')}.tmp`);
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(`${kek.key.toString('base64')}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  return temporary;
}

/**
 * Makes the default file. Written whole under a temporary name, then linked into place, which
 * fails if the file exists: of several processes starting at once, one KEK wins and all read it.
 */
async function createKekFile(path: string): Promise<{ kek: Kek; created: boolean }> {
  const kek = kekOf(randomBytes(KEK_BYTES));
  const temporary = await writeTemporary(path, kek);
  try {
    await link(temporary, path);
    return { kek, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { kek: parseKekFile(await readFile(path, 'utf8'), path, 'SIGNING_KEK_FILE'), created: false };
  } finally {
    await unlink(temporary);
  }
}

/** Where a rotation keeps the new KEK until the database is resealed under it. */
export const nextKekFile = (path: string) => `${path}.next`;

/** The KEK a rotation left in `<path>.next` (it stopped between resealing and renaming); null if none. */
export async function readNextKekFile(path: string): Promise<Kek | null> {
  try {
    return parseKekFile(await readFile(nextKekFile(path), 'utf8'), nextKekFile(path), 'SIGNING_KEK_FILE');
  } catch {
    return null;
  }
}

/** A rotation's first step: the new KEK safely on disk (`<path>.next`) before any key is sealed under it. */
export async function stageNextKek(path: string, kek: Kek): Promise<void> {
  await writeKekFile(nextKekFile(path), kek);
}

/**
 * A rotation's last step: `<path>.next` becomes the KEK file, and this process uses it from now
 * on. The previous file is kept as `<path>.<its id>.retired`: it still opens the database backups
 * taken before the rotation. Answers that name.
 */
export async function promoteNextKek(path: string, kek: Kek, previous: Kek): Promise<string> {
  const retired = `${path}.${previous.id}.retired`;
  try {
    await link(path, retired);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  await rename(nextKekFile(path), path);
  loadedFiles.set(path, Promise.resolve(loaded(kek, path, { createdFile: null, looseMode: false })));
  return retired;
}
