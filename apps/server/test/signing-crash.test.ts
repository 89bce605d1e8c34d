/**
 * A process killed during signing leaves nothing half-done (issue 24, item 10). A child process
 * (`crash/sign-until-killed.ts`) signs contracts through the API on a PGlite data directory and a
 * local file store that outlive it; it is killed with SIGKILL at set moments after a signature has
 * started, or the moment a signature's file lands in the store (before its transaction commits),
 * and started again on the same directories. Afterwards the hourly prune runs as it would
 * a day later, and then: every stored file is named by a row and every row's file is stored, with
 * the hash recorded for it; every contract's state, current file and signatures agree.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { openPglite } from '../src/db/database.ts';
import { storedFileNames } from '../src/modules/files/index.ts';
import { LocalDiskStorage } from '../src/platform/files/storage.ts';
import { pruneShortLived } from '../src/platform/prune.job.ts';
import { TEST_KEK } from './helpers.ts';

const CHILD = fileURLToPath(new URL('./crash/sign-until-killed.ts', import.meta.url));
/**
 * When each kill comes: after the n-th signature started in that run, so many ms later, or (`onFile`)
 * as soon as that signature's signed PDF is in the store, the moment before its rows commit.
 */
type Kill = { afterSignings: number; delayMs: number } | { afterSignings: number; onFile: true };
const KILLS: readonly Kill[] = [
  { afterSignings: 1, onFile: true },
  { afterSignings: 2, delayMs: 40 },
  { afterSignings: 2, onFile: true },
  { afterSignings: 1, delayMs: 150 },
  { afterSignings: 3, onFile: true },
];

const dir = await mkdtemp(join(tmpdir(), 'portal-signing-crash-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const dataDir = join(dir, 'pglite');
const storageDir = join(dir, 'files');

/** Runs the child until the kill; says whether the kill came while a signature was under way. */
async function runUntilKilled(kill: Kill): Promise<boolean> {
  await mkdir(storageDir, { recursive: true });
  let armed = false;
  let underWay = false;
  let underWayAtKill = false;
  const killNow = () => {
    underWayAtKill = underWay;
    child.kill('SIGKILL');
  };
  // Watching from the start: a recursive watch takes a moment to cover the store's folders.
  const watcher: FSWatcher = watch(storageDir, { recursive: true }, (_event, name) => {
    // A finished file (not `put`'s temporary) appearing: the signed PDF, renamed into place.
    if (armed && underWay && name && /[0-9a-f]{32,64}$/.test(name)) killNow();
  });
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, storageDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let started = 0;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line === 'signed') underWay = false;
      if (line !== 'signing') continue;
      underWay = true;
      started += 1;
      if (started !== kill.afterSignings) continue;
      if ('delayMs' in kill) setTimeout(killNow, kill.delayMs);
      else armed = true;
    }
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      watcher.close();
      if (signal === 'SIGKILL') resolve(underWayAtKill);
      else reject(new Error(`the signing process ended by itself (${code}): ${stderr}`));
    });
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('killed during signing', () => {
  it(`${KILLS.length} kills with SIGKILL leave no orphan file after the prune and every contract whole`, async () => {
    let midSignature = 0;
    for (const kill of KILLS) if (await runUntilKilled(kill)) midSignature += 1;
    // Most kills land inside a signature (a signature takes far longer than the delays).
    expect(midSignature).toBeGreaterThanOrEqual(3);

    const database = await openPglite({ dataDir });
    afterAll(() => database.close());
    const db = database.db;
    const config = parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      STORAGE_DIR: storageDir,
      SIGNING_KEK: TEST_KEK,
    });
    const storage = new LocalDiskStorage(storageDir);
    const storedKeys = async () => {
      const keys: string[] = [];
      for await (const { key } of storage.list()) keys.push(key);
      return keys.sort();
    };

    const dayLater = new Date(Date.now() + config.orphanFileGraceMs + 60_000);
    const pruned = await pruneShortLived({ db, config, storage, fileNames: [storedFileNames] }, dayLater);
    console.info(
      `${midSignature} of ${KILLS.length} kills mid-signature; the prune removed ${pruned.orphanFiles} orphan files`,
    );
    // The kills at a file's landing left files no row names; the prune removed them.
    expect(pruned.orphanFiles).toBeGreaterThanOrEqual(1);

    const files = await db.selectFrom('fileObject').select(['lgcSn', 'storageKey', 'sha256']).execute();
    expect(await storedKeys()).toEqual(files.map((f) => f.storageKey).sort());
    for (const file of files) expect(sha256(await storage.get(file.storageKey)), file.lgcSn).toBe(file.sha256);
    const hashOf = new Map(files.map((f) => [f.lgcSn, f.sha256]));

    const contracts = await db.selectFrom('contract').selectAll().execute();
    expect(contracts.length).toBeGreaterThan(0);
    for (const contract of contracts) {
      const signatures = await db
        .selectFrom('contractSignature')
        .selectAll()
        .where('contractId', '=', contract.id)
        .orderBy('id')
        .execute();
      const said = `contract ${contract.lgcSn}: ${contract.state}, ${signatures.length} signatures`;
      expect(contract.state, said).toBe(['uploaded', 'signing', 'signed'][signatures.length]);
      expect(contract.currentFile, said).toBe(signatures.at(-1)?.fileAfter ?? contract.originalFile);
      let before = contract.originalFile;
      for (const signature of signatures) {
        expect(signature.fileBefore, said).toBe(before);
        expect(hashOf.get(signature.fileBefore), said).toBe(signature.sha256Before);
        expect(hashOf.get(signature.fileAfter), said).toBe(signature.sha256After);
        before = signature.fileAfter;
      }
    }
  }, 240_000);
});
