import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../test/s3.ts';
import {
  type FileStorage,
  LocalDiskStorage,
  newStorageKey,
  openFileStorage,
  S3Storage,
  StoredFileMissingError,
} from './storage.ts';

const root = await mkdtemp(join(tmpdir(), 'portal-storage-test-'));
const s3 = await startS3Server();
const bucket = await S3Storage.open(s3.settings);
afterAll(async () => {
  bucket.destroy();
  await s3.stop();
  await rm(root, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function keysOf(store: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of store.list()) keys.push(entry.key);
  return keys;
}

// The same promises from both drivers: what the portal's modules rely on.
describe.each([
  { driver: 'local', storage: new LocalDiskStorage(root) as FileStorage },
  { driver: 's3', storage: bucket as FileStorage },
])('file store ($driver driver)', ({ storage }) => {
  it('stores, reads and removes bytes under a random key', async () => {
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await storage.put(key, Buffer.from('hello'));
    expect((await storage.get(key)).toString()).toBe('hello');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    // Removing what is not there is not an error.
    await storage.remove(key);
  });

  it('streams a large file byte for byte, and refuses a missing one before any byte', async () => {
    const key = newStorageKey();
    const data = randomBytes(6 * 1024 * 1024);
    await storage.put(key, data);
    const chunks: Buffer[] = [];
    let pieces = 0;
    for await (const chunk of await storage.stream(key)) {
      chunks.push(Buffer.from(chunk as Uint8Array));
      pieces++;
    }
    expect(pieces).toBeGreaterThan(1);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(data));
    expect(sha256(await storage.get(key))).toBe(sha256(data));
    await storage.remove(key);
    await expect(storage.stream(key)).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it('keeps empty files and binary bytes as they are', async () => {
    const [empty, binary] = [newStorageKey(), newStorageKey()];
    const bytes = Buffer.from([0, 255, 10, 13, 0, 128]);
    await storage.put(empty, Buffer.alloc(0));
    await storage.put(binary, bytes);
    expect((await storage.get(empty)).length).toBe(0);
    expect(await storage.get(binary)).toEqual(bytes);
  });

  it.each(['../../etc/passwd', 'report.pdf', 'ABCDEF0123456789ABCDEF0123456789', ''])(
    'refuses a key that is not random hex: %s',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.stream(key)).rejects.toThrow('invalid storage key');
    },
  );

  it('lists every stored key with when it was written', async () => {
    const [a, b] = [newStorageKey(), newStorageKey()];
    const before = Date.now() - 60_000;
    await storage.put(a, Buffer.from('a'));
    await storage.put(b, Buffer.from('b'));
    const listed = new Map<string, Date>();
    for await (const entry of storage.list()) listed.set(entry.key, entry.modifiedAt);
    expect(listed.get(a)?.getTime()).toBeGreaterThan(before);
    expect(listed.get(b)?.getTime()).toBeGreaterThan(before);
    await storage.remove(a);
    expect(await keysOf(storage)).not.toContain(a);
  });
});

describe('LocalDiskStorage', () => {
  const storage = new LocalDiskStorage(root);

  it('keeps a file in two folder levels from its key', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('hello'));
    expect(await readdir(join(root, key.slice(0, 2), key.slice(2, 4)))).toEqual([key]);
  });

  it('never writes the same key twice', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('first'));
    await expect(storage.put(key, Buffer.from('second'))).resolves.toBeUndefined();
    // rename() replaces: the temporary file is gone either way.
    expect((await readdir(join(root, key.slice(0, 2), key.slice(2, 4)))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('lists every stored key with when it was written, and nothing else (temporaries, stray files)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-storage-list-'));
    try {
      const store = new LocalDiskStorage(dir);
      const [a, b] = [newStorageKey(), newStorageKey()];
      await store.put(a, Buffer.from('a'));
      await store.put(b, Buffer.from('b'));
      const written = new Date('2030-01-02T03:04:05.000Z');
      await utimes(join(dir, a.slice(0, 2), a.slice(2, 4), a), written, written);
      const folder = join(dir, b.slice(0, 2), b.slice(2, 4));
      await writeFile(join(folder, `${b}.0123456789ab.tmp`), 'half');
      await writeFile(join(folder, 'notes.txt'), 'stray');
      await mkdir(join(dir, 'zz'), { recursive: true });
      const listed = [];
      for await (const entry of store.list()) listed.push(entry);
      expect(listed.map((entry) => entry.key).sort()).toEqual([a, b].sort());
      expect(listed.find((entry) => entry.key === a)?.modifiedAt).toEqual(written);
      expect(listed.find((entry) => entry.key === b)?.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('S3Storage', () => {
  it('keeps each file under the prefix, and lists only keys of its own form there', async () => {
    const key = newStorageKey();
    await bucket.put(key, Buffer.from('under the prefix'));
    // Something else's objects: beside the prefix, and under it without a key's form.
    const send = (Key: string) =>
      bucket.client.send(new PutObjectCommand({ Bucket: s3.settings.bucket, Key, Body: 'x' }));
    await send(`${newStorageKey()}`);
    await send(`${s3.settings.prefix}notes.txt`);
    const listed = await keysOf(bucket);
    expect(listed).toContain(key);
    expect(listed.every((entry) => /^[0-9a-f]{32,64}$/.test(entry))).toBe(true);
    const other = await S3Storage.open({ ...s3.settings, prefix: 'elsewhere/' });
    try {
      await expect(other.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
      expect(await keysOf(other)).toEqual([]);
    } finally {
      other.destroy();
    }
  });

  it('lists past the first page of the answer', async () => {
    const paged = await S3Storage.open({ ...s3.settings, prefix: 'paged/', listPageSize: 2 });
    try {
      const keys = Array.from({ length: 7 }, () => newStorageKey());
      for (const key of keys) await paged.put(key, Buffer.from(key));
      expect((await keysOf(paged)).sort()).toEqual(keys.sort());
    } finally {
      paged.destroy();
    }
  });

  it('is checked at start: a bucket that does not exist is refused', async () => {
    await expect(bucket.check()).resolves.toBeUndefined();
    const missing = await S3Storage.open({ ...s3.settings, bucket: 'no-such-bucket' });
    try {
      await expect(missing.check()).rejects.toThrow();
    } finally {
      missing.destroy();
    }
  });

  it('is what STORAGE_DRIVER=s3 opens; local stays the default', async () => {
    const opened = await openFileStorage({ driver: 's3', ...s3.settings });
    expect(opened).toBeInstanceOf(S3Storage);
    (opened as S3Storage).destroy();
    expect(await openFileStorage({ driver: 'local', dir: root })).toBeInstanceOf(LocalDiskStorage);
  });
});
