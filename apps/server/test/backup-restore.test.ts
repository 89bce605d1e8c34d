/**
 * Backup and restore (docs/operations.md, Backup and restore): the documented commands, run as
 * written, on the engine this run uses. A contract is signed by both parties, the instance is
 * backed up and stopped, the backup is restored into a fresh database and a fresh store, and a
 * new instance on the copy serves every contract's signed PDF byte for byte, with the hash the
 * database recorded and a green /verify.
 *
 * - PGlite (the embedded default): stop, `tar` the data directory (database and files; the
 *   key-encryption key is kept apart), untar into a new one.
 * - PostgreSQL: `pg_dump -Fc`, `createdb` + `pg_restore` into a new database; the store's files
 *   copied with `tar` (a bucket: the store's own copy or replication).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.ts';
import { testConfig } from './helpers.ts';
import { signingApi } from './signing-scene.ts';

const target = inject('testDatabase');
const work = await mkdtemp(join(tmpdir(), 'portal-backup-'));
const created: string[] = [];
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  if (target.kind !== 'postgres') return;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const sh = (command: string, args: string[]) => execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function databaseUrl(name: string): string {
  if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database of this run's engine, with the migrated template's content. */
async function freshDatabase(dataDir: string): Promise<{ handle: DatabaseHandle; name?: string }> {
  if (target.kind === 'pglite') {
    const { readFile } = await import('node:fs/promises');
    const template = new Blob([await readFile(target.dumpPath)]);
    return { handle: await openPglite({ dataDir: join(dataDir, 'pglite'), loadDataDir: template }) };
  }
  const name = `portal_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  created.push(name);
  sh('createdb', ['--maintenance-db', target.url, '--template', target.template, name]);
  return { handle: openPostgres(databaseUrl(name), 5), name };
}

async function instance(handle: DatabaseHandle, dataDir: string) {
  const config = testConfig({ DATA_DIR: dataDir, STORAGE_DIR: join(dataDir, 'files') });
  const app = await buildApp({ config, database: handle });
  await app.ready();
  return app;
}

describe('a backup restored into a fresh database and store', () => {
  it('serves every contract’s signed PDF intact: the recorded hash, the same bytes and a green /verify', async () => {
    const live = join(work, 'live');
    await mkdir(live, { recursive: true });
    const origin = await freshDatabase(live);
    const app = await instance(origin.handle, live);
    const api = signingApi(app, origin.handle.db);
    const scene = await api.signedByBoth(await api.reviewer());
    const contractId = scene.deal.intentionLgcSn;
    const cookie = scene.deal.publisher.cookie;

    // Back up, as docs/operations.md says, then stop the original for good.
    const backup = join(work, 'backup');
    await mkdir(backup);
    if (target.kind === 'pglite') {
      await app.close();
      await origin.handle.close();
      sh('tar', ['-C', live, '--exclude=./keys', '-czf', join(backup, 'data.tgz'), '.']);
    } else {
      sh('pg_dump', ['-Fc', '-f', join(backup, 'portal.dump'), databaseUrl(origin.name ?? '')]);
      sh('tar', ['-C', join(live, 'files'), '-czf', join(backup, 'files.tgz'), '.']);
      await app.close();
      await origin.handle.close();
    }
    await rm(live, { recursive: true, force: true });

    // Restore into a new data directory (and, on PostgreSQL, a new database).
    const restoredDir = join(work, 'restored');
    await mkdir(join(restoredDir, 'files'), { recursive: true });
    let restored: DatabaseHandle;
    if (target.kind === 'pglite') {
      sh('tar', ['-C', restoredDir, '-xzf', join(backup, 'data.tgz')]);
      restored = await openPglite({ dataDir: join(restoredDir, 'pglite') });
    } else {
      const name = `portal_restored_${process.pid}_${randomBytes(4).toString('hex')}`;
      created.push(name);
      sh('createdb', ['--maintenance-db', target.url, name]);
      sh('pg_restore', ['--no-owner', '-d', databaseUrl(name), join(backup, 'portal.dump')]);
      sh('tar', ['-C', join(restoredDir, 'files'), '-xzf', join(backup, 'files.tgz')]);
      restored = openPostgres(databaseUrl(name), 5);
    }
    const back = await instance(restored, restoredDir);
    try {
      const contracts = await restored.db
        .selectFrom('contract')
        .innerJoin('fileObject', 'fileObject.lgcSn', 'contract.currentFile')
        // A contract's address is its intention's number.
        .innerJoin('cooperationIntention', 'cooperationIntention.id', 'contract.intentionId')
        .select(['cooperationIntention.lgcSn', 'contract.state', 'fileObject.sha256'])
        .execute();
      expect(contracts.map((contract) => contract.state)).toEqual(['signed']);
      for (const contract of contracts) {
        // The party's session survived the restore: the same cookie reads the file.
        const res = await back.inject({
          method: 'GET',
          url: `/api/contracts/${contract.lgcSn}/file?version=signed`,
          headers: { cookie },
        });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const bytes = new Uint8Array(res.rawPayload);
        expect(sha256(bytes)).toBe(contract.sha256);
        if (contract.lgcSn === contractId) expect(sha256(bytes)).toBe(sha256(scene.fullySigned));

        const form = new FormData();
        form.append('file', new Blob([bytes]), 'signed.pdf');
        const report = (await back.inject({ method: 'POST', url: '/api/verify', payload: form })).json().data;
        expect(report.verdict).toBe('valid');
        expect(report.recordedContract).toMatchObject({ status: 'signed', version: 'signed' });
      }
    } finally {
      await back.close();
      await restored.close();
    }
  }, 180_000);
});
