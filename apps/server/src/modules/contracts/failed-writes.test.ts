/**
 * Bytes written to the file storage before the transaction that names them (issue 24, item 10):
 * - when that transaction fails, the bytes go too: an upload (/fileP1/upload: content images,
 *   attachments, seal images, authorizations), a contract upload and a signature, each made to
 *   fail at its last write by a trigger in the real database;
 * - when the process dies between the write and the commit (no rollback runs), the hourly prune
 *   finds the file no row names and deletes it once the grace period is over, and never a file a
 *   row names. The kill is simulated at its crash point: the signed PDF's bytes are written as
 *   storeFileWithin writes them and the transaction is never run.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { samplePdf } from '../../../test/sample-files.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { LocalDiskStorage, newStorageKey } from '../../platform/files/storage.ts';
import { pruneShortLived } from '../../platform/prune.job.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';
import { storedFileNames } from '../files/index.ts';

const { app, database, config, storageDir } = await buildTestAppWithStorage('portal-failed-writes-');
const db = database.db;
const api = signingApi(app, db);
const storage = new LocalDiskStorage(storageDir);
const reviewer = await api.reviewer();
const publisher = await api.caller((await buildInstitution(db, { name: 'Harbour Bank' })).id);
const counterpart = await api.caller((await buildInstitution(db, { name: '北岸银行' })).id);
const publisherSeal = await api.effectiveSeal(publisher, reviewer);

/** Every stored file's key, as the storage lists it. */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}
const namedKeys = async () =>
  (await db.selectFrom('fileObject').select('storageKey').orderBy('storageKey').execute()).map((r) => r.storageKey);

/** Makes the next insert into `table` matching `when` fail, as a lost connection or full disk would. */
async function failInsert(table: string, when: string) {
  await sql
    .raw(`CREATE OR REPLACE FUNCTION test_fail_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: the write fails'; END $$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER test_fail_insert BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when})
      EXECUTE FUNCTION test_fail_insert()`)
    .execute(db);
  return table;
}
let trapped: string | null = null;
afterEach(async () => {
  if (trapped) await sql.raw(`DROP TRIGGER IF EXISTS test_fail_insert ON ${trapped}`).execute(db);
  trapped = null;
});

/** A new agreed deal between the two institutions; `confirmed` also uploads and confirms its contract. */
async function deal(confirmed: boolean) {
  const request = await buildRequest(db, { ownerUserId: publisher.id, institutionId: publisher.institutionId });
  const sent = await api.inject('POST', '/api/bthw/SendBthw', counterpart.cookie, {
    requestLgcSn: request.lgcSn,
    message: 'Count us in.',
  });
  const id = sent.json().data.lgcSn as string;
  await api.inject('POST', '/api/bthw/agreeOrRefuse', publisher.cookie, { intentionLgcSn: id, decision: 'agree' });
  if (confirmed) {
    const up = await api.uploadContract(publisher.cookie, id, await makeTestPdf(1), 'Forfaiting');
    if (up.statusCode !== 200) throw new Error(up.body);
    await api.inject('POST', `/api/contracts/${id}/confirm`, counterpart.cookie);
  }
  return id;
}

const CASES: Array<{
  write: string;
  table: string;
  when: string;
  prepare: () => Promise<string>;
  act: (id: string, who: Caller) => Promise<{ statusCode: number; body: string }>;
}> = [
  {
    write: 'an upload (its file row)',
    table: 'file_object',
    when: "NEW.purpose = 'contentImage' OR NEW.purpose = 'attachment'",
    prepare: async () => '',
    act: (_id, who) => api.upload(who.cookie, 'attachment', 'terms.pdf', samplePdf('Terms')),
  },
  {
    write: 'a contract upload (its audit line, the last write)',
    table: 'audit_log',
    when: "NEW.action = 'contract.uploaded'",
    prepare: () => deal(false),
    act: async (id, who) => api.uploadContract(who.cookie, id, await makeTestPdf(1), 'Forfaiting'),
  },
  {
    write: 'a signature (its audit line, the last write)',
    table: 'audit_log',
    when: "NEW.action = 'contract.signed'",
    prepare: () => deal(true),
    act: (id, who) => api.sign(who, id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]),
  },
];

describe('a failed transaction leaves no file behind', () => {
  it.each(CASES)('$write', async ({ table, when, prepare, act }) => {
    const id = await prepare();
    const before = await storedKeys();
    expect(before).toEqual(await namedKeys());
    trapped = await failInsert(table, when);
    const res = await act(id, publisher);
    expect(res.statusCode, res.body).toBe(500);
    expect(await storedKeys()).toEqual(before);
    expect(await namedKeys()).toEqual(before);
  });
});

describe('a process killed between writing and committing', () => {
  it('leaves a file the prune deletes once the grace period is over, keeping every named one', async () => {
    const id = await deal(true);
    // The crash point: the signed PDF's bytes are written (storeFileWithin's put), the process
    // dies before the transaction that would name them commits, so no rollback removes them.
    const orphan = newStorageKey();
    await storage.put(orphan, Buffer.from(await makeTestPdf(1)));
    const signed = await api.sign(publisher, id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]);
    expect(signed.statusCode, signed.body).toBe(200);
    const named = await namedKeys();
    expect(await storedKeys()).toEqual([...named, orphan].sort());
    const prune = (now: Date) => pruneShortLived({ db, config, storage, fileNames: [storedFileNames] }, now);

    // Within the grace period (24 h by default) nothing goes: the write may still be committing.
    expect((await prune(new Date(Date.now() + config.orphanFileGraceMs - 60_000))).orphanFiles).toBe(0);
    expect(await storedKeys()).toContain(orphan);
    // After it, the orphan goes and every file a row names stays.
    expect((await prune(new Date(Date.now() + config.orphanFileGraceMs + 60_000))).orphanFiles).toBe(1);
    expect(await storedKeys()).toEqual(named);
    for (const key of named) expect((await storage.get(key)).length).toBeGreaterThan(0);
    // No temporaries were left either.
    const leftovers = [];
    for (const first of await readdir(storageDir)) {
      for (const second of await readdir(join(storageDir, first))) {
        leftovers.push(...(await readdir(join(storageDir, first, second))).filter((n) => n.endsWith('.tmp')));
      }
    }
    expect(leftovers).toEqual([]);
  });
});
