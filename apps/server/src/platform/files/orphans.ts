/**
 * Stored files no database row names: bytes written just before a transaction that then failed
 * without cleaning up (the process was killed between the write and the commit). The hourly prune
 * job (platform/prune.job.ts) deletes them once they are older than the grace period, on any
 * store (FileStorage.list).
 *
 * Which files rows name is each module's business: a module whose tables name stored files
 * registers a `StoredFileNames` (app.ts hands them to the prune job), so platform never reads a
 * module's tables. Today the files module is the only one (every stored file has its
 * `file_object` row; other tables name that row, never the bytes).
 */
import type { Db } from '../../db/database.ts';
import type { FileStorage } from './storage.ts';

/** One module's answer to "which of these storage keys does a row of mine name?". */
export type StoredFileNames = {
  name: string;
  named: (db: Db, keys: readonly string[]) => Promise<ReadonlySet<string>>;
};

const BATCH = 500;

/**
 * Deletes the stored files last written before `olderThan` that none of `sources` names; returns
 * how many. With no source registered it deletes nothing (every file would look unnamed).
 */
export async function removeOrphanFiles(
  db: Db,
  storage: FileStorage,
  sources: readonly StoredFileNames[],
  olderThan: Date,
): Promise<number> {
  if (sources.length === 0) return 0;
  let removed = 0;
  let batch: string[] = [];
  const settle = async () => {
    const named = new Set<string>();
    for (const source of sources) for (const key of await source.named(db, batch)) named.add(key);
    for (const key of batch) {
      if (named.has(key)) continue;
      await storage.remove(key);
      removed++;
    }
    batch = [];
  };
  for await (const { key, modifiedAt } of storage.list()) {
    if (modifiedAt >= olderThan) continue;
    batch.push(key);
    if (batch.length >= BATCH) await settle();
  }
  if (batch.length) await settle();
  return removed;
}
