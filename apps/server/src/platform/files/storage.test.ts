import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
});
