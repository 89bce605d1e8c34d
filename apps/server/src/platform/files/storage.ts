/**
 * Where the bytes of uploaded files live (DESIGN: "a storage interface; default local disk under
 * ./data/files; S3-compatible driver for multi-node"). The database keeps each file's metadata
 * and its storage key; the storage keeps only bytes under that key.
 *
 * Keys are random hex strings chosen by the server (newStorageKey), never a name a user sent,
 * so no path can be steered by a client. The files are outside the web root: they are served
 * only through the download route, which checks who is asking.
 *
 * An S3-compatible driver (for several instances) plugs in by implementing the same four
 * methods, e.g. with `@aws-sdk/client-s3`: put → PutObjectCommand({ Bucket, Key: prefix + key,
 * Body: data }), get → GetObjectCommand (read the body with transformToByteArray(), map
 * NoSuchKey to StoredFileMissingError), remove → DeleteObjectCommand, list →
 * ListObjectsV2Command pages under the prefix (Key without it, LastModified). config.ts would gain
 * STORAGE_DRIVER=s3 and the bucket settings, and buildApp would pick the driver from them;
 * nothing else changes.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface FileStorage {
  /** Stores `data` under `key`; a key is written once (keys are random, never reused). */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under `key`; StoredFileMissingError when there are none. */
  get(key: string): Promise<Buffer>;
  /** Deletes the bytes under `key`; nothing happens when there are none. */
  remove(key: string): Promise<void>;
  /**
   * Every stored key with when its bytes were last written, in no particular order (the prune
   * job's search for files no row names). Work in progress (temporaries) is not listed.
   */
  list(): AsyncIterable<StoredKey>;
  /**
   * Deletes what interrupted writes left behind (a crash between writing and renaming) when it
   * was last changed before `olderThan`; returns how many. Stores whose writes are atomic (S3)
   * leave nothing and need not implement it. Run by the hourly prune job.
   */
  removeStaleTemporaries?(olderThan: Date): Promise<number>;
}

export type StoredKey = { key: string; modifiedAt: Date };

/** The database names a file the storage does not have (deleted by hand, lost disk). */
export class StoredFileMissingError extends Error {
  constructor(readonly key: string) {
    super(`stored file ${key} is missing`);
    this.name = 'StoredFileMissingError';
  }
}

const KEY_PATTERN = /^[0-9a-f]{32,64}$/;
/** `put`'s temporary name: the key, 6 random bytes in hex, `.tmp`. */
const TEMPORARY_PATTERN = /^[0-9a-f]{32,64}\.[0-9a-f]{12}\.tmp$/;
const FOLDER_PATTERN = /^[0-9a-f]{2}$/;

/** A new storage key: 128 random bits, hex. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
}

/**
 * Files on the local disk: `<root>/ab/cd/abcd…` (two folder levels from the key, so no folder
 * grows past 65 536 entries). A file is written to a temporary name beside its target, flushed
 * and renamed, so a reader never sees half a file and a crash leaves only a `.tmp` behind, which
 * the hourly prune job removes once it is an hour old (removeStaleTemporaries).
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly rootDir: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return join(this.rootDir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredKey> {
    for (const first of await subfolders(this.rootDir)) {
      for (const second of await subfolders(join(this.rootDir, first))) {
        const folder = join(this.rootDir, first, second);
        for (const name of await readdir(folder).catch(() => [])) {
          if (!KEY_PATTERN.test(name) || !name.startsWith(`${first}${second}`)) continue;
          const stats = await lstat(join(folder, name)).catch(() => null);
          if (stats?.isFile()) yield { key: name, modifiedAt: stats.mtime };
        }
      }
    }
  }

  async removeStaleTemporaries(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const first of await subfolders(this.rootDir)) {
      for (const second of await subfolders(join(this.rootDir, first))) {
        const folder = join(this.rootDir, first, second);
        for (const name of await readdir(folder).catch(() => [])) {
          if (!TEMPORARY_PATTERN.test(name)) continue;
          const path = join(folder, name);
          // A write still in progress keeps touching its file; only old ones are abandoned.
          const stats = await lstat(path).catch(() => null);
          if (!stats?.isFile() || stats.mtime >= olderThan) continue;
          await rm(path, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }
}

/** The two-hex-character folders directly under `dir` (none when it does not exist yet). */
async function subfolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory() && FOLDER_PATTERN.test(entry.name)).map((entry) => entry.name);
}
