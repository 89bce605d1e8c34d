/**
 * Runs once per test run: builds a migrated template database so each test file can get a
 * fresh copy cheaply. PGlite: a data-directory dump in a temp file (a new PGlite costs seconds;
 * loading a dump is fast). PostgreSQL (DATABASE_URL set): a template database that each file
 * clones with CREATE DATABASE … TEMPLATE.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string };
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `portal_test_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, template), max: 2 });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    await migrateToLatest(db);
    await db.destroy();
    project.provide('testDatabase', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const pglite = await PGlite.create();
  const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite }), plugins: [new CamelCasePlugin()] });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  const dumpPath = join(dir, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
