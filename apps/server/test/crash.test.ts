/**
 * A process killed in the middle of a multi-step write leaves nothing half-done (issue 24 item
 * 10, issue 28 item 5). A child process (`crash/work-until-killed.ts`) drives the portal's
 * multi-step writes through the API (seal approval, publish with matching, intention and answer,
 * contract upload and confirmation, both signatures) on a database and a local file store that
 * outlive it; it is killed with SIGKILL at set moments after a write has started, or the moment a
 * signature's file lands in the store (before its transaction commits), and started again on the
 * same database and store. On PGlite in `npm test`, on PostgreSQL in `.ci/run`'s second pass.
 * Afterwards the hourly prune runs as it would a day later, and then:
 * - every stored file is named by a row and every row's file is stored, with its recorded hash;
 * - every contract's state, current file and signatures agree;
 * - every published request has its pushes and their messages, every intention its message and
 *   mail, every answer its message and mail, every approved seal its message and mail: all or none.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { openPglite, openPostgres } from '../src/db/database.ts';
import { storedFileNames } from '../src/modules/files/index.ts';
import { LocalDiskStorage } from '../src/platform/files/storage.ts';
import { pruneShortLived } from '../src/platform/prune.job.ts';
import { TEST_KEK } from './helpers.ts';

const CHILD = fileURLToPath(new URL('./crash/work-until-killed.ts', import.meta.url));
type Step = 'seal' | 'publish' | 'intention' | 'agree' | 'upload' | 'confirm' | 'signing';
/**
 * When each kill comes: after the n-th start of a step in that run, so many ms later, or (`onFile`)
 * as soon as that signature's signed PDF is in the store, the moment before its rows commit.
 */
type Kill = { step: Step; nth: number; delayMs: number } | { step: 'signing'; nth: number; onFile: true };
const ALL_KILLS: readonly Kill[] = [
  { step: 'signing', nth: 1, onFile: true },
  { step: 'publish', nth: 1, delayMs: 5 },
  { step: 'signing', nth: 2, delayMs: 40 },
  { step: 'intention', nth: 1, delayMs: 5 },
  { step: 'seal', nth: 1, delayMs: 60 },
  { step: 'signing', nth: 2, onFile: true },
  { step: 'agree', nth: 1, delayMs: 3 },
  { step: 'upload', nth: 1, delayMs: 10 },
  { step: 'publish', nth: 2, delayMs: 15 },
  { step: 'confirm', nth: 1, delayMs: 5 },
  { step: 'signing', nth: 1, delayMs: 150 },
  { step: 'intention', nth: 2, delayMs: 12 },
  { step: 'signing', nth: 3, onFile: true },
  { step: 'seal', nth: 1, delayMs: 250 },
  { step: 'agree', nth: 2, delayMs: 8 },
  { step: 'upload', nth: 1, delayMs: 40 },
  { step: 'publish', nth: 1, delayMs: 30 },
  { step: 'signing', nth: 2, delayMs: 90 },
  { step: 'confirm', nth: 2, delayMs: 1 },
  { step: 'intention', nth: 1, delayMs: 25 },
];
// Each restart costs seconds (the child's start-up, PGlite opening its data directory): the first
// ten in `npm test` on PGlite, the other ten on PostgreSQL; each half reaches every step.
const KILLS = inject('testDatabase').kind === 'postgres' ? ALL_KILLS.slice(10) : ALL_KILLS.slice(0, 10);

const target = inject('testDatabase');
const dir = await mkdtemp(join(tmpdir(), 'portal-crash-'));
const storageDir = join(dir, 'files');
let postgresName: string | undefined;
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  if (target.kind !== 'postgres' || !postgresName) return;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
  await admin.end();
});

/** Where the child keeps its database: a PGlite data directory, or a new PostgreSQL database. */
async function databaseTarget(): Promise<string> {
  if (target.kind === 'pglite') return join(dir, 'pglite');
  postgresName = `portal_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${postgresName} TEMPLATE ${target.template}`);
  await admin.end();
  const url = new URL(target.url);
  url.pathname = `/${postgresName}`;
  return url.toString();
}
const databaseAt = await databaseTarget();

/** Runs the child until the kill; says whether the kill came while a write was under way. */
async function runUntilKilled(kill: Kill): Promise<boolean> {
  await mkdir(storageDir, { recursive: true });
  let armed = false;
  let underWay: string | null = null;
  let underWayAtKill = false;
  let killed = false;
  const killNow = () => {
    if (killed) return;
    killed = true;
    underWayAtKill = underWay !== null;
    child.kill('SIGKILL');
  };
  // Watching from the start: a recursive watch takes a moment to cover the store's folders.
  const watcher: FSWatcher = watch(storageDir, { recursive: true }, (_event, name) => {
    // A finished file (not `put`'s temporary) appearing: the signed PDF, renamed into place.
    if (armed && underWay === 'signing' && name && /[0-9a-f]{32,64}$/.test(name)) killNow();
  });
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, databaseAt, storageDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = new Map<string, number>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      const [event, step] = line.split(' ');
      if (event === 'done') underWay = null;
      if (event !== 'step' || !step) continue;
      underWay = step;
      const count = (started.get(step) ?? 0) + 1;
      started.set(step, count);
      if (step !== kill.step || count !== kill.nth) continue;
      if ('delayMs' in kill) setTimeout(killNow, kill.delayMs);
      else armed = true;
    }
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      watcher.close();
      if (signal === 'SIGKILL') resolve(underWayAtKill);
      else reject(new Error(`the working process ended by itself (${code}): ${stderr}`));
    });
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('killed in the middle of multi-step writes', () => {
  it(`${KILLS.length} kills with SIGKILL leave no orphan file after the prune, every contract whole, every write all or none`, async () => {
    let midWrite = 0;
    for (const kill of KILLS) if (await runUntilKilled(kill)) midWrite += 1;
    // Most kills land inside a write (each takes far longer than the delays).
    expect(midWrite).toBeGreaterThanOrEqual(KILLS.length / 2);

    const database = target.kind === 'pglite' ? await openPglite({ dataDir: databaseAt }) : openPostgres(databaseAt, 2);
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
    const counts = {
      requests: await count(db, 'cooperationRequest'),
      intentions: await count(db, 'cooperationIntention'),
      contracts: await count(db, 'contract'),
      signatures: await count(db, 'contractSignature'),
    };
    console.info(
      `${midWrite} of ${KILLS.length} kills mid-write; the prune removed ${pruned.orphanFiles} orphan files; ` +
        `${JSON.stringify(counts)}`,
    );
    // The kills at a file's landing left files no row names; the prune removed them.
    expect(pruned.orphanFiles).toBeGreaterThanOrEqual(1);
    expect(counts.requests).toBeGreaterThan(0);
    expect(counts.signatures).toBeGreaterThan(0);

    const files = await db.selectFrom('fileObject').select(['lgcSn', 'storageKey', 'sha256']).execute();
    expect(await storedKeys()).toEqual(files.map((f) => f.storageKey).sort());
    for (const file of files) expect(sha256(await storage.get(file.storageKey)), file.lgcSn).toBe(file.sha256);
    await expectContractsWhole(db, new Map(files.map((f) => [f.lgcSn, f.sha256])));
    await expectCooperationWhole(db);
    await expectSealsWhole(db);
  }, 600_000);
});

type Db = Awaited<ReturnType<typeof openPglite>>['db'];

async function count(db: Db, table: 'cooperationRequest' | 'cooperationIntention' | 'contract' | 'contractSignature') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each contract's state, current file and signatures agree, with the hashes recorded for them. */
async function expectContractsWhole(db: Db, hashOf: Map<string, string>) {
  const contracts = await db.selectFrom('contract').selectAll().execute();
  for (const contract of contracts) {
    const signatures = await db
      .selectFrom('contractSignature')
      .selectAll()
      .where('contractId', '=', contract.id)
      .orderBy('id')
      .execute();
    const said = `contract ${contract.lgcSn}: ${contract.state}, ${signatures.length} signatures`;
    expect(contract.state, said).toBe(['uploaded', 'signing', 'signed'][signatures.length]);
    if (contract.state === 'signed') {
      // Completed: the file served is the last signature's file with the evidence reports and
      // the long-term data after it, recorded once by the 'completed' step (decision 0020).
      const completed = await db
        .selectFrom('contractEvent')
        .select(['sha256Before', 'sha256After'])
        .where('intentionId', '=', contract.intentionId)
        .where('kind', '=', 'completed')
        .execute();
      expect(completed, said).toHaveLength(1);
      expect(completed[0]?.sha256Before, said).toBe(signatures.at(-1)?.sha256After);
      expect(hashOf.get(contract.currentFile), said).toBe(completed[0]?.sha256After);
    } else {
      expect(contract.currentFile, said).toBe(signatures.at(-1)?.fileAfter ?? contract.originalFile);
    }
    let before = contract.originalFile;
    for (const signature of signatures) {
      expect(signature.fileBefore, said).toBe(before);
      expect(hashOf.get(signature.fileBefore), said).toBe(signature.sha256Before);
      expect(hashOf.get(signature.fileAfter), said).toBe(signature.sha256After);
      before = signature.fileAfter;
    }
  }
}

const messagesOf = (
  db: Db,
  type: 'match' | 'requestPublished' | 'intentionReceived' | 'intentionAgreed' | 'sealApproved',
) => db.selectFrom('message').select(['userId', 'requestId', 'institutionId']).where('type', '=', type).execute();
const mailsOf = (db: Db, template: string) =>
  db.selectFrom('mailOutbox').select('toAddress').where('template', '=', template).execute();
const tally = (keys: unknown[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(String(key), (counts.get(String(key)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort());
};

/**
 * Publish, intention and answer are each one transaction with their pushes, messages and mail:
 * a request has its pushes and, for each, its institution's match message, plus the staff's
 * message; an intention its publisher's message and mail; an agreement the sender's message and mail.
 */
async function expectCooperationWhole(db: Db) {
  const requests = await db.selectFrom('cooperationRequest').select(['id', 'status']).execute();
  const pushes = await db.selectFrom('cooperationPush').select(['requestId', 'institutionId']).execute();
  const userInstitution = new Map(
    (await db.selectFrom('appUser').select(['id', 'institutionId']).execute()).map((u) => [u.id, u.institutionId]),
  );
  const matches = await messagesOf(db, 'match');
  const published = await messagesOf(db, 'requestPublished');
  for (const request of requests) {
    const said = `request ${request.id}`;
    expect(request.status, said).toBe('effective');
    const pushedTo = pushes
      .filter((p) => p.requestId === request.id)
      .map((p) => p.institutionId)
      .sort();
    const toldInstitutions = [
      ...new Set(matches.filter((m) => m.requestId === request.id).map((m) => userInstitution.get(m.userId))),
    ].sort();
    expect(pushedTo.length, said).toBeGreaterThan(0);
    expect(toldInstitutions, said).toEqual(pushedTo);
    expect(published.filter((m) => m.requestId === request.id).length, said).toBeGreaterThan(0);
  }

  const intentions = await db
    .selectFrom('cooperationIntention')
    .innerJoin('cooperationRequest', 'cooperationRequest.id', 'cooperationIntention.requestId')
    .innerJoin('appUser as owner', 'owner.id', 'cooperationRequest.ownerUserId')
    .innerJoin('appUser as sender', 'sender.id', 'cooperationIntention.senderUserId')
    .select([
      'cooperationIntention.status',
      'owner.email as ownerEmail',
      'sender.email as senderEmail',
      'owner.id as ownerId',
    ])
    .execute();
  expect(tally((await messagesOf(db, 'intentionReceived')).map((m) => m.userId))).toEqual(
    tally(intentions.map((i) => i.ownerId)),
  );
  expect(tally((await mailsOf(db, 'intentionReceived')).map((m) => m.toAddress))).toEqual(
    tally(intentions.map((i) => i.ownerEmail)),
  );
  const answered = intentions.filter((i) => i.status !== 'pending');
  expect(answered.every((i) => i.status === 'agreed')).toBe(true);
  expect((await messagesOf(db, 'intentionAgreed')).length).toBe(answered.length);
  expect(tally((await mailsOf(db, 'intentionAnswered')).map((m) => m.toAddress))).toEqual(
    tally(answered.map((i) => i.senderEmail)),
  );
}

/** An approved seal has its certificate, its key, its applicant's message and mail; nothing else does. */
async function expectSealsWhole(db: Db) {
  const seals = await db
    .selectFrom('seal')
    .innerJoin('appUser', 'appUser.id', 'seal.applicantUserId')
    .select(['seal.state', 'seal.certificateDer', 'seal.privateKeySealed', 'seal.applicantUserId', 'appUser.email'])
    .execute();
  const effective = seals.filter((seal) => seal.state === 'effective');
  expect(effective.length).toBeGreaterThan(0);
  for (const seal of effective) {
    expect(seal.certificateDer).not.toBeNull();
    expect(seal.privateKeySealed).not.toBeNull();
  }
  expect(tally((await messagesOf(db, 'sealApproved')).map((m) => m.userId))).toEqual(
    tally(effective.map((seal) => seal.applicantUserId)),
  );
  expect(tally((await mailsOf(db, 'sealDecided')).map((m) => m.toAddress))).toEqual(
    tally(effective.map((seal) => seal.email)),
  );
}
