import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage, newStorageKey, StoredFileMissingError } from './storage.ts';

const root = await mkdtemp(join(tmpdir(), 'portal-storage-test-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const storage = new LocalDiskStorage(root);

describe('LocalDiskStorage', () => {
  it('stores, reads and removes bytes under a random key, in two folder levels', async () => {
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await storage.put(key, Buffer.from('hello'));
    expect(await readdir(join(root, key.slice(0, 2), key.slice(2, 4)))).toEqual([key]);
    expect((await storage.get(key)).toString()).toBe('hello');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await storage.remove(key);
  });

  it('never writes the same key twice', async () => {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('first'));
    await expect(storage.put(key, Buffer.from('second'))).resolves.toBeUndefined();
    // rename() replaces: the temporary file is gone either way.
    expect((await readdir(join(root, key.slice(0, 2), key.slice(2, 4)))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it.each(['../../etc/passwd', 'report.pdf', 'ABCDEF0123456789ABCDEF0123456789', ''])(
    'refuses a key that is not random hex: %s',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
    },
  );

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
