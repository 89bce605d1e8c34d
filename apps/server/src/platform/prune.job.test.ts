import { afterAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { createTestDatabase, testConfig } from '../../test/helpers.ts';
import { pruneAbandonedUploads, storedFileNames } from '../modules/files/index.ts';
import { createPruneJob, pruneShortLived } from './prune.job.ts';

const { db } = await createTestDatabase();
const config = testConfig({ SESSION_IDLE_MINUTES: '30' });
const NOW = new Date('2030-06-15T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
// The modules' steps, as app.ts composes them.
const steps = [pruneAbandonedUploads];
const prune = () => pruneShortLived({ db, config, steps }, NOW);

describe('prune-short-lived', () => {
  it('deletes expired picture codes and keeps live ones', async () => {
    await db
      .insertInto('captcha')
      .values([
        { traceId: 'expired', answerHash: 'x', createdAt: ago(6 * MINUTE), expiresAt: ago(MINUTE) },
        { traceId: 'live', answerHash: 'x', createdAt: ago(MINUTE), expiresAt: ago(-4 * MINUTE) },
      ])
      .execute();
    expect(await prune()).toMatchObject({ captchas: 1 });
    expect((await db.selectFrom('captcha').select('traceId').execute()).map((r) => r.traceId)).toEqual(['live']);
  });

  it('deletes e-mail codes expired more than a day ago', async () => {
    const code = (email: string, expiresAt: Date) => ({
      purpose: 'login',
      email,
      codeHash: 'x',
      createdAt: new Date(expiresAt.getTime() - 10 * MINUTE),
      expiresAt,
    });
    await db
      .insertInto('verificationCode')
      .values([code('old@bank.example', ago(DAY + MINUTE)), code('recent@bank.example', ago(DAY - MINUTE))])
      .execute();
    expect(await prune()).toMatchObject({ verificationCodes: 1 });
    expect((await db.selectFrom('verificationCode').select('email').execute()).map((r) => r.email)).toEqual([
      'recent@bank.example',
    ]);
  });

  it('deletes rate-limit windows that started more than a day ago', async () => {
    await db
      .insertInto('rateLimitCounter')
      .values([
        { key: 'email-code:email:old', windowStart: ago(DAY + MINUTE), count: 3 },
        { key: 'email-code:email:current', windowStart: ago(DAY - MINUTE), count: 3 },
      ])
      .execute();
    expect(await prune()).toMatchObject({ rateLimitWindows: 1 });
    expect((await db.selectFrom('rateLimitCounter').select('key').execute()).map((r) => r.key)).toEqual([
      'email-code:email:current',
    ]);
  });

  it('forgets failed log-ins untouched for 30 days, unless the address is still locked', async () => {
    await db
      .insertInto('loginFailure')
      .values([
        { email: 'quiet@bank.example', failures: 3, updatedAt: ago(31 * DAY) },
        { email: 'still-locked@bank.example', failures: 9, lockedUntil: ago(-MINUTE), updatedAt: ago(31 * DAY) },
        { email: 'recent@bank.example', failures: 2, updatedAt: ago(29 * DAY) },
      ])
      .execute();
    expect(await prune()).toMatchObject({ loginFailures: 1 });
    const left = await db.selectFrom('loginFailure').select('email').orderBy('email').execute();
    expect(left.map((r) => r.email)).toEqual(['recent@bank.example', 'still-locked@bank.example']);
    await db.deleteFrom('loginFailure').execute();
  });

  it('deletes sessions past their absolute expiry or idle too long, and keeps live ones', async () => {
    const user = await buildUser(db);
    const session = (tokenHash: string, lastSeenAt: Date, expiresAt: Date) => ({
      tokenHash,
      userId: user.id,
      createdAt: ago(2 * 3_600_000),
      lastSeenAt,
      expiresAt,
    });
    await db
      .insertInto('userSession')
      .values([
        session('expired', ago(MINUTE), ago(1)),
        session('idle', ago(31 * MINUTE), ago(-3_600_000)),
        session('live', ago(29 * MINUTE), ago(-3_600_000)),
      ])
      .execute();
    expect(await prune()).toMatchObject({ sessions: 2 });
    expect((await db.selectFrom('userSession').select('tokenHash').execute()).map((r) => r.tokenHash)).toEqual([
      'live',
    ]);
  });

  it('deletes e-mail sent more than 90 days ago and keeps failed, pending and recent mail', async () => {
    const mail = (toAddress: string, status: 'sent' | 'failed' | 'pending', sentAt: Date | null) => ({
      toAddress,
      locale: 'en-US',
      template: 'passwordChanged',
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
      status,
      sentAt,
      createdAt: ago(100 * DAY),
    });
    await db
      .insertInto('mailOutbox')
      .values([
        mail('old-sent@bank.example', 'sent', ago(91 * DAY)),
        mail('recent-sent@bank.example', 'sent', ago(89 * DAY)),
        mail('old-failed@bank.example', 'failed', null),
        mail('old-pending@bank.example', 'pending', null),
      ])
      .execute();
    expect(await prune()).toMatchObject({ sentMail: 1 });
    const left = await db.selectFrom('mailOutbox').select('toAddress').orderBy('toAddress').execute();
    expect(left.map((r) => r.toAddress)).toEqual([
      'old-failed@bank.example',
      'old-pending@bank.example',
      'recent-sent@bank.example',
    ]);
  });

  it('returns zero counts when there is nothing to delete', async () => {
    expect(await prune()).toEqual({
      captchas: 0,
      verificationCodes: 0,
      rateLimitWindows: 0,
      loginFailures: 0,
      sessions: 0,
      sentMail: 0,
      abandonedUploads: 0,
      temporaryFiles: 0,
      orphanFiles: 0,
    });
  });

  it('is the hourly job `prune-short-lived`', async () => {
    const job = createPruneJob({ db, config, steps });
    expect(job).toMatchObject({ name: 'prune-short-lived', everyMs: 3_600_000 });
    expect(await job.run(NOW)).toEqual({
      captchas: 0,
      verificationCodes: 0,
      rateLimitWindows: 0,
      loginFailures: 0,
      sessions: 0,
      sentMail: 0,
      abandonedUploads: 0,
      temporaryFiles: 0,
      orphanFiles: 0,
    });
  });
});

describe('abandoned uploads', async () => {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { LocalDiskStorage } = await import('./files/storage.ts');
  const dir = await mkdtemp(join(tmpdir(), 'portal-prune-files-'));
  const storage = new LocalDiskStorage(dir);
  const { db: filesDb } = await createTestDatabase();
  const owner = await buildUser(filesDb);

  async function upload(key: string, createdAt: Date, claim: { ownerUserId?: number; attachedTo?: string } = {}) {
    await storage.put(key, Buffer.from('%PDF-1.4 test'));
    await filesDb
      .insertInto('fileObject')
      .values({
        lgcSn: `f-${key}`,
        purpose: 'attachment',
        originalName: `${key}.pdf`,
        mime: 'application/pdf',
        sizeBytes: 13,
        sha256: key,
        storageKey: key,
        ownerUserId: claim.ownerUserId ?? null,
        ownerEmail: claim.ownerUserId ? null : 'visitor@bank.example',
        attachedTo: claim.attachedTo ?? null,
        createdAt,
      })
      .execute();
  }

  it('deletes unclaimed uploads older than a day, with their bytes, and keeps the rest', async () => {
    const dayAndMore = new Date(NOW.getTime() - 25 * 3_600_000);
    await upload('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', dayAndMore);
    await upload('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', new Date(NOW.getTime() - 23 * 3_600_000));
    await upload('cccccccccccccccccccccccccccccccc', dayAndMore, { ownerUserId: owner.id });
    await upload('dddddddddddddddddddddddddddddddd', dayAndMore, { attachedTo: 'user:someone' });
    const result = await pruneShortLived({ db: filesDb, config, storage, steps }, NOW);
    expect(result.abandonedUploads).toBe(1);
    const left = await filesDb.selectFrom('fileObject').select('storageKey').orderBy('storageKey').execute();
    expect(left.map((r) => r.storageKey)).toEqual([
      'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      'cccccccccccccccccccccccccccccccc',
      'dddddddddddddddddddddddddddddddd',
    ]);
    await expect(storage.get('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).rejects.toThrow();
    expect((await storage.get('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')).toString()).toBe('%PDF-1.4 test');
    await rm(dir, { recursive: true, force: true });
  });
});

describe('temporary files of interrupted uploads', async () => {
  const { mkdir, mkdtemp, readdir, rm, utimes, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { LocalDiskStorage } = await import('./files/storage.ts');
  const dir = await mkdtemp(join(tmpdir(), 'portal-prune-tmp-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const storage = new LocalDiskStorage(dir);
  const HOUR = 3_600_000;

  /** A file in the storage, as `put` lays them out, last changed `age` before NOW. */
  async function leave(name: string, age: number): Promise<string> {
    const folder = join(dir, name.slice(0, 2), name.slice(2, 4));
    await mkdir(folder, { recursive: true });
    const path = join(folder, name);
    await writeFile(path, 'partial');
    await utimes(path, ago(age), ago(age));
    return name;
  }
  const KEY = 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

  it('deletes temporaries last changed more than an hour ago, and keeps fresh ones and stored files', async () => {
    const cases = [
      [await leave(`${KEY}.0123456789ab.tmp`, 2 * HOUR), 'deleted'],
      [await leave(`${KEY.replace(/^e/, 'f')}.0123456789ab.tmp`, HOUR + MINUTE), 'deleted'],
      [await leave(`${KEY}.ba9876543210.tmp`, HOUR - MINUTE), 'kept'],
      [await leave(`${KEY}.aaaaaaaaaaaa.tmp`, 0), 'kept'],
      [await leave(KEY, 30 * DAY), 'kept'],
      [await leave(`${KEY}.notes.tmp`, 30 * DAY), 'kept'],
    ] as const;
    const result = await pruneShortLived({ db, config, storage, steps }, NOW);
    expect(result.temporaryFiles).toBe(2);
    const left = [...(await readdir(join(dir, 'ee', 'ee'))), ...(await readdir(join(dir, 'fe', 'ee')).catch(() => []))];
    for (const [name, fate] of cases) expect([name, left.includes(name)]).toEqual([name, fate === 'kept']);
  });

  it('finds nothing to do in a storage that does not exist yet', async () => {
    const empty = new LocalDiskStorage(join(dir, 'not-yet'));
    expect((await pruneShortLived({ db, config, storage: empty, steps }, NOW)).temporaryFiles).toBe(0);
  });

  it("is what the hourly job does with the app's storage", async () => {
    await leave(`${KEY}.cccccccccccc.tmp`, 3 * HOUR);
    expect(await createPruneJob({ db, config, storage, steps }).run(NOW)).toMatchObject({ temporaryFiles: 1 });
  });
});

describe('stored files no row names (bytes written before a transaction that never committed)', async () => {
  const { mkdtemp, rm, utimes } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { LocalDiskStorage, newStorageKey } = await import('./files/storage.ts');
  const { db: filesDb } = await createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'portal-prune-orphans-'));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const storage = new LocalDiskStorage(dir);
  const HOUR = 3_600_000;
  const owner = await buildUser(filesDb);
  const fileNames = [storedFileNames];

  /**
   * A stored file written `age` before NOW: `named`, its row committed; not, the process died
   * between writing the bytes and committing the transaction that would have named them.
   */
  async function stored(age: number, named: boolean): Promise<string> {
    const key = newStorageKey();
    await storage.put(key, Buffer.from('%PDF-1.4 test'));
    await utimes(join(dir, key.slice(0, 2), key.slice(2, 4), key), ago(age), ago(age));
    if (named) {
      await filesDb
        .insertInto('fileObject')
        .values({
          lgcSn: key.slice(0, 20),
          purpose: 'contract',
          originalName: 'contract.pdf',
          mime: 'application/pdf',
          sizeBytes: 13,
          sha256: 'x'.repeat(64),
          storageKey: key,
          ownerUserId: owner.id,
        })
        .execute();
    }
    return key;
  }
  const exists = (key: string) =>
    storage.get(key).then(
      () => true,
      () => false,
    );

  it.each([
    { grace: '24', age: 25 * HOUR, named: false, fate: 'deleted' },
    { grace: '24', age: 23 * HOUR, named: false, fate: 'kept' },
    { grace: '24', age: 400 * DAY, named: true, fate: 'kept' },
    { grace: '24', age: 0, named: true, fate: 'kept' },
    { grace: '2', age: 3 * HOUR, named: false, fate: 'deleted' },
    { grace: '48', age: 47 * HOUR, named: false, fate: 'kept' },
  ])('grace $grace h, written $age ms ago, named by a row: $named → $fate', async ({ grace, age, named, fate }) => {
    const key = await stored(age, named);
    const result = await pruneShortLived(
      { db: filesDb, config: testConfig({ ORPHAN_FILE_GRACE_HOURS: grace }), storage, fileNames },
      NOW,
    );
    expect(await exists(key)).toBe(fate === 'kept');
    expect(result.orphanFiles).toBe(fate === 'deleted' ? 1 : 0);
    await storage.remove(key);
  });

  it('deletes nothing when no module says which files its rows name', async () => {
    const key = await stored(30 * DAY, false);
    expect((await pruneShortLived({ db: filesDb, config, storage }, NOW)).orphanFiles).toBe(0);
    expect(await exists(key)).toBe(true);
    await storage.remove(key);
  });

  it("is what the hourly job does with the app's storage, many files at once", async () => {
    const orphans = await Promise.all(Array.from({ length: 30 }, () => stored(2 * DAY, false)));
    const named = await Promise.all(Array.from({ length: 5 }, () => stored(2 * DAY, true)));
    const job = createPruneJob({ db: filesDb, config, storage, steps, fileNames });
    expect(await job.run(NOW)).toMatchObject({ orphanFiles: 30 });
    for (const key of orphans) expect(await exists(key)).toBe(false);
    for (const key of named) expect(await exists(key)).toBe(true);
  });
});
