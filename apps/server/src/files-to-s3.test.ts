import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, sessionCookie } from '../test/factories.ts';
import { buildTestApp } from '../test/helpers.ts';
import { startS3Server } from '../test/s3.ts';
import { samplePdf } from '../test/sample-files.ts';
import { copyToBucket } from './platform/files/copy-to-bucket.ts';
import { LocalDiskStorage, newStorageKey, S3Storage } from './platform/files/storage.ts';

const s3 = await startS3Server();
const work = await mkdtemp(join(tmpdir(), 'portal-files-to-s3-'));
afterAll(async () => {
  await s3.stop();
  await rm(work, { recursive: true, force: true });
});
const { app, database } = await buildTestApp(s3.env);
const bucket = await S3Storage.open(s3.settings);
afterAll(() => bucket.destroy());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the app with STORAGE_DRIVER=s3', () => {
  it('sends a file kept in the bucket through the download route, streamed from the store', async () => {
    const user = await buildUser(database.db);
    const cookie = await sessionCookie(database.db, user.id);
    const data = samplePdf();
    const storageKey = newStorageKey();
    await bucket.put(storageKey, data);
    await database.db
      .insertInto('fileObject')
      .values({
        lgcSn: `s3-file-${storageKey.slice(0, 8)}`,
        purpose: 'attachment',
        originalName: 'contract.pdf',
        mime: 'application/pdf',
        sizeBytes: data.length,
        sha256: sha256(data),
        storageKey,
        ownerUserId: user.id,
      })
      .execute();
    const downloaded = await app.inject({
      method: 'GET',
      url: `/api/fileP1/download/s3-file-${storageKey.slice(0, 8)}`,
      headers: { cookie },
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload).toEqual(data);
    expect(downloaded.headers['content-length']).toBe(String(data.length));

    // Gone from the bucket: the route's 404, not a broken answer.
    await bucket.remove(storageKey);
    const missing = await app.inject({
      method: 'GET',
      url: `/api/fileP1/download/s3-file-${storageKey.slice(0, 8)}`,
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('copying a data directory into a bucket', () => {
  const files = ['first', 'second', 'third'].map((text) => ({
    key: newStorageKey(),
    data: Buffer.from(text.repeat(1000)),
  }));

  it('copies every file, checks each copy against the recorded hash, and can run again', async () => {
    const from = new LocalDiskStorage(join(work, 'copied'));
    for (const file of files) await from.put(file.key, file.data);
    const to = await S3Storage.open({ ...s3.settings, prefix: 'copied/' });
    try {
      const recorded = new Map(files.map((file, i) => [file.key, { lgcSn: `file-${i}`, sha256: sha256(file.data) }]));
      expect(await copyToBucket({ from, to, recorded })).toEqual({
        copied: 3,
        alreadyThere: 0,
        checked: 3,
        problems: [],
      });
      for (const file of files) expect(await to.get(file.key)).toEqual(file.data);

      // Again, with one copy damaged meanwhile: only that one is written.
      await to.put(files[1]!.key, Buffer.from('damaged'));
      expect(await copyToBucket({ from, to, recorded })).toEqual({
        copied: 1,
        alreadyThere: 2,
        checked: 3,
        problems: [],
      });
      expect(await to.get(files[1]!.key)).toEqual(files[1]!.data);
    } finally {
      to.destroy();
    }
  });

  it('names a file whose bytes differ from the record, and one the database names that the directory lacks', async () => {
    const from = new LocalDiskStorage(join(work, 'damaged'));
    const [good, bad] = files;
    await from.put(good!.key, good!.data);
    await from.put(bad!.key, Buffer.from('not what was uploaded'));
    const lost = newStorageKey();
    const to = await S3Storage.open({ ...s3.settings, prefix: 'damaged/' });
    try {
      const report = await copyToBucket({
        from,
        to,
        recorded: new Map([
          [good!.key, { lgcSn: 'good', sha256: sha256(good!.data) }],
          [bad!.key, { lgcSn: 'bad', sha256: sha256(bad!.data) }],
          [lost, { lgcSn: 'lost', sha256: sha256(Buffer.from('lost')) }],
        ]),
      });
      expect({ ...report, problems: report.problems.length }).toEqual({
        copied: 1,
        alreadyThere: 0,
        checked: 1,
        problems: 2,
      });
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^${bad!.key} \\(file bad\\): its bytes in the directory do not match`)),
          `${lost} (file lost): named by the database, not in the directory`,
        ]),
      );
      expect(await to.list()[Symbol.asyncIterator]().next()).toMatchObject({ value: { key: good!.key } });
    } finally {
      to.destroy();
    }
  });

  const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  function runCommand(env: Record<string, string>) {
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/files-to-s3.ts'], {
      cwd: serverDir,
      env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: join(work, 'installation'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const stop = setTimeout(() => child.kill('SIGKILL'), 240_000);
    return new Promise<{ code: number | null; output: string }>((done) =>
      child.once('exit', (code) => {
        clearTimeout(stop);
        done({ code, output });
      }),
    );
  }

  it('runs as npm run files:to-s3 with the configuration the instances start with', { timeout: 300_000 }, async () => {
    const from = new LocalDiskStorage(join(work, 'installation', 'files'));
    for (const file of files.slice(0, 2)) await from.put(file.key, file.data);
    const run = await runCommand({ ...s3.env, S3_PREFIX: 'installation/' });
    expect(run.output).toContain(`Copying the files of ${join(work, 'installation', 'files')} into bucket portal-test`);
    expect(run.output).toContain(
      'Copied 2 files, 0 were already there; 2 checked in the bucket (SHA-256), 0 problems.',
    );
    expect(run.code).toBe(0);
    const moved = await S3Storage.open({ ...s3.settings, prefix: 'installation/' });
    try {
      for (const file of files.slice(0, 2)) expect(await moved.get(file.key)).toEqual(file.data);
    } finally {
      moved.destroy();
    }

    const refused = await runCommand({});
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('STORAGE_DRIVER: must be s3');
  });
});
