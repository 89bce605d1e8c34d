/**
 * Where the bytes of uploaded files live (DESIGN: "a storage interface; default local disk under
 * ./data/files; S3-compatible driver for multi-node"). The database keeps each file's metadata
 * and its storage key; the storage keeps only bytes under that key.
 *
 * Keys are random hex strings chosen by the server (newStorageKey), never a name a user sent,
 * so no path can be steered by a client. The files are outside the web root: they are served
 * only through the download route, which checks who is asking.
 *
 * Two drivers, chosen at start by STORAGE_DRIVER (config.ts, openFileStorage):
 * - `local` (the default): LocalDiskStorage, a directory on this host (STORAGE_DIR);
 * - `s3`: S3Storage, a bucket of any S3-compatible store (AWS S3, MinIO, Ceph, …), shared by
 *   every instance (docs/decisions/0024-s3-storage-and-metrics.md).
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';

/** The AWS SDK's S3 client, loaded only by an instance that uses S3 (it is large). */
type S3Sdk = typeof import('@aws-sdk/client-s3');

export interface FileStorage {
  /** Stores `data` under `key`; a key is written once (keys are random, never reused). */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes under `key`; StoredFileMissingError when there are none. */
  get(key: string): Promise<Buffer>;
  /**
   * The bytes under `key` as a stream, for sending a large file without holding it in memory;
   * StoredFileMissingError (before any byte) when there are none.
   */
  stream(key: string): Promise<Readable>;
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

  async stream(key: string): Promise<Readable> {
    // Opened first, so that a missing file is an error here and not in the middle of a reply.
    const handle = await open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new StoredFileMissingError(key) : error;
    });
    return handle.createReadStream();
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

/** Where an S3Storage keeps its objects and how it reaches them (config.ts: the S3_* variables). */
export type S3Settings = {
  bucket: string;
  /** Put before every key (e.g. `portal/files/`); empty: keys at the bucket's root. */
  prefix: string;
  /** An S3-compatible server's address (MinIO, Ceph, …); unset: AWS S3 of `region`. */
  endpoint?: string | undefined;
  region: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, the host's or container's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Keys per listing page; unset: the store's (1000 on S3). */
  listPageSize?: number;
};

/** The store answered that there is no object under the key (NoSuchKey, or a bare 404 to a GET). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in a bucket of an S3-compatible store, under `<prefix><key>`: what several instances on
 * several hosts share. A PUT is atomic (an object is whole or absent), so no temporaries are left
 * behind. Checksums are sent and checked only where the S3 API requires them, which every
 * compatible store understands (the SDK's default of a CRC on every request is newer than some).
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;

  /** Loads the SDK and makes the client (no request is sent yet). */
  static async open(settings: S3Settings): Promise<S3Storage> {
    return new S3Storage(await import('@aws-sdk/client-s3'), settings);
  }

  private constructor(
    private readonly sdk: S3Sdk,
    private readonly settings: S3Settings,
  ) {
    this.client = new sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  private objectKey(key: string): string {
    assertKey(key);
    return `${this.settings.prefix}${key}`;
  }

  /** Whether the bucket answers with these settings (a start checks it before serving). */
  async check(): Promise<void> {
    await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  private async getObject(key: string) {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      if (!answer.Body) throw new StoredFileMissingError(key);
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) throw new StoredFileMissingError(key);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    const body = await this.getObject(key);
    return Buffer.from(await body.transformToByteArray());
  }

  async stream(key: string): Promise<Readable> {
    // In Node the SDK's body is the HTTP response itself, read as it arrives.
    return (await this.getObject(key)) as unknown as Readable;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  /**
   * Pages through the bucket with ListObjects (version 1: the next page starts after the last key
   * seen), which every S3-compatible store answers alike; some compatible servers' version-2
   * continuation tokens do not survive a modern TLS library (s3rver's use DES).
   */
  async *list(): AsyncIterable<StoredKey> {
    let marker: string | undefined;
    let more = true;
    while (more) {
      const page = await this.client.send(
        new this.sdk.ListObjectsCommand({
          Bucket: this.settings.bucket,
          Prefix: this.settings.prefix || undefined,
          Marker: marker,
          MaxKeys: this.settings.listPageSize,
        }),
      );
      const objects = page.Contents ?? [];
      for (const object of objects) {
        const key = object.Key?.slice(this.settings.prefix.length) ?? '';
        // Other objects under the prefix (something else's, a folder marker) are not ours.
        if (object.Key?.startsWith(this.settings.prefix) && KEY_PATTERN.test(key)) {
          yield { key, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
      marker = page.NextMarker ?? objects.at(-1)?.Key;
      more = Boolean(page.IsTruncated && marker);
    }
  }

  /** Closes the client's connections (a command, or a test, that is done with the store). */
  destroy(): void {
    this.client.destroy();
  }
}

/** Which driver keeps the files (config.ts `storage`). */
export type StorageSettings = { driver: 'local'; dir: string } | ({ driver: 's3' } & S3Settings);

/** The file store STORAGE_DRIVER names. */
export async function openFileStorage(settings: StorageSettings): Promise<FileStorage> {
  return settings.driver === 's3' ? S3Storage.open(settings) : new LocalDiskStorage(settings.dir);
}
