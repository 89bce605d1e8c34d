import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstitution, buildUser } from '../test/factories.ts';
import { captureLog, countRows, createTestDatabase, TEST_KEK } from '../test/helpers.ts';
import { ConfigError, parseConfig } from './config.ts';
import { type DatabaseHandle, type Db, openPglite } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_EMAILS, demoAccounts } from './db/seed/demo-accounts.ts';
import { SEED_STEPS, seedDemoData } from './db/seed/index.ts';
import { hashPassword } from './platform/passwords.ts';
import { createAuthority, toPem } from './platform/signing/pki.ts';
import { bootServer, OWN_AUTHORITY_WARNING, StartRefusedError } from './start.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'portal-start-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const empty = await createTestDatabase();
const demo = await createTestDatabase();
const populated = await createTestDatabase();

function configFor(env: Record<string, string>) {
  return parseConfig({
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    PORT: '0',
    DATA_DIR: dataDir,
    SIGNING_KEK: TEST_KEK,
    ...env,
  });
}
// A production start as operations.md asks for: a mail server and the bank's own CA (PEM files).
const ca = await createAuthority({ commonName: 'Start Test CA', organization: 'Start Test', validYears: 1 });
const caFiles = { SIGNING_CA_CERT_FILE: join(dataDir, 'ca.pem'), SIGNING_CA_KEY_FILE: join(dataDir, 'ca.key') };
await writeFile(caFiles.SIGNING_CA_CERT_FILE, toPem(ca.certificateDer, 'CERTIFICATE'));
await writeFile(caFiles.SIGNING_CA_KEY_FILE, toPem(ca.privateKeyPkcs8, 'PRIVATE KEY'));
const production = (env: Record<string, string> = {}) =>
  configFor({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', ...caFiles, ...env });

/** bootServer on a test database, which the test file keeps open (the app's close would close it). */
async function boot(handle: DatabaseHandle, config: ReturnType<typeof configFor>, log = captureLog().log) {
  const { app } = await bootServer(config, { database: { ...handle, close: async () => {} }, log });
  await app.close();
}

async function counts(db: Db) {
  const n = (table: 'appUser' | 'institution' | 'seedStep') => countRows(db.selectFrom(table));
  return { users: await n('appUser'), institutions: await n('institution'), seedSteps: await n('seedStep') };
}

describe('a production start', () => {
  it('loads no demo data into an empty database', async () => {
    const { db } = empty;
    const { lines, log } = captureLog();
    await boot(empty, production(), log);
    expect(await counts(db)).toEqual({ users: 0, institutions: 0, seedSteps: 0 });
    // Nobody can log in yet: the start says how to invite the first administrator.
    expect(lines).toEqual([
      'warn: The portal has no system administrator: set INITIAL_ADMIN_EMAIL to invite the first one ' +
        '(docs/operations.md, "First administrator").',
    ]);
  });

  it('while a development start on the same database still loads the demo, as the quick start does', async () => {
    const { db } = empty;
    const { lines, log } = captureLog();
    await boot(empty, configFor({}), log);
    const emails = await db.selectFrom('appUser').select('email').orderBy('id').execute();
    expect(emails.map((row) => row.email)).toEqual(DEMO_EMAILS);
    expect(lines).toEqual([`info: Demo data loaded: ${SEED_STEPS.map((step) => step.name).join(', ')}`]);
  });
});

describe('what a production start needs (issue 24)', () => {
  it('refuses to start without SMTP_URL, naming it, before it opens the database', async () => {
    const refusal = bootServer(production({ SMTP_URL: '' }), { log: captureLog().log });
    await expect(refusal).rejects.toThrow(ConfigError);
    await expect(refusal).rejects.toThrow(/^Invalid configuration:\n {2}SMTP_URL: must be set in production/);
  });

  it('refuses to start without a key-encryption key, naming the variables, before it opens the database', async () => {
    const noKek = join(dataDir, 'no-kek');
    const refusal = bootServer(production({ SIGNING_KEK: '', DATA_DIR: noKek }), { log: captureLog().log });
    await expect(refusal).rejects.toThrow(ConfigError);
    await expect(refusal).rejects.toThrow(
      /^Invalid configuration:\n {2}SIGNING_KEK, SIGNING_KEK_FILE: one must be set/,
    );
    await expect(refusal).rejects.toThrow(join(noKek, 'keys', 'signing-kek'));
    // Neither a database nor a key was made.
    await expect(stat(noKek)).rejects.toThrow(/ENOENT/);
  });

  it('warns at every start that makes or uses its own signing authority, and only then', async () => {
    const own = { SIGNING_CA_CERT_FILE: '', SIGNING_CA_KEY_FILE: '' };
    const handle = await createTestDatabase();
    const starts = [];
    for (const config of [production(own), production(own), production(), configFor({ SEED_DEMO_DATA: 'false' })]) {
      const { lines, log } = captureLog();
      await boot(handle, config, log);
      starts.push(lines.includes(`warn: ${OWN_AUTHORITY_WARNING}`));
    }
    // Made at the first start, kept in the database at the second: a warning at both. With the
    // bank's CA, or outside production, none.
    expect(starts).toEqual([true, true, false, false]);
    expect(OWN_AUTHORITY_WARNING).toMatch(/^No SIGNING_CA_CERT_FILE \/ SIGNING_CA_KEY_FILE: .*docs\/operations\.md/);
  });
});

describe('a production start on accounts with the published demo password', () => {
  let realEmail = '';
  beforeAll(async () => {
    const { db } = demo;
    await seedDemoData(db, [demoAccounts]);
    realEmail = (await buildUser(db)).email;
  });

  it('refuses, naming each account and the fix', async () => {
    const { db } = demo;
    const refusal = boot(demo, production());
    await expect(refusal).rejects.toThrow(StartRefusedError);
    const message = await refusal.catch((error: Error) => error.message);
    expect(message).toMatch(
      /^Refusing to start in production: these 6 accounts still have the published demo password/,
    );
    for (const email of DEMO_EMAILS) expect(message).toContain(`  ${email}\n`);
    expect(message).not.toContain(realEmail);
    expect(message).toContain('Change the password of each');
    expect(await counts(db)).toMatchObject({ users: 7, seedSteps: 1 });
  });

  it('starts with warnings where demo data was asked for explicitly (a demonstration instance)', async () => {
    const { lines, log } = captureLog();
    await boot(demo, production({ SEED_DEMO_DATA: 'true' }), log);
    expect(lines[0]).toMatch(/^warn: SEED_DEMO_DATA=true in production: .*published in the README/);
    expect(lines).toContain(
      `warn: Accounts with the published demo password (SEED_DEMO_DATA=true): ${DEMO_EMAILS.join(', ')}`,
    );
  });

  it('starts once each password is changed or the account disabled as the message says', async () => {
    const { db } = demo;
    const message = await boot(demo, production()).catch((error: Error) => error.message);
    await db
      .updateTable('appUser')
      .set({ passwordHash: await hashPassword('A new secret#1') })
      .where('email', '=', 'admin@bank.example')
      .execute();
    const afterOne = await boot(demo, production()).catch((error: Error) => error.message);
    expect(afterOne).toMatch(/these 5 accounts/);
    expect(afterOne).not.toContain('admin@bank.example');
    const update = /^ {2}(UPDATE app_user .*)$/m.exec(String(message))?.[1];
    expect(update).toBeDefined();
    await sql.raw(update!).execute(db);
    await boot(demo, production());
  });
});

describe('demo data on a populated database', () => {
  it('is skipped with a clear message, without a stack trace or a partial write, even where a SWIFT code collides', async () => {
    const { db } = populated;
    const bank = await buildInstitution(db, { swiftCode: 'GLCBCNBJ', name: 'A real bank' });
    await buildUser(db, { institutionId: bank.id });
    for (const config of [configFor({}), production({ SEED_DEMO_DATA: 'true' })]) {
      const { lines, log } = captureLog();
      await boot(populated, config, log);
      expect(lines).toContain(
        'warn: Demo data not loaded: the database already holds 1 account and 1 institution. Demo data goes only ' +
          'into an empty database; nothing was written. SEED_DEMO_DATA=false silences this message.',
      );
      expect(await counts(db)).toEqual({ users: 1, institutions: 1, seedSteps: 0 });
    }
  });
});

describe('main.ts', () => {
  const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

  it('prints the refusal alone, without a stack trace, and exits 1', { timeout: 120_000 }, async () => {
    const pgliteDir = join(dataDir, 'main', 'pglite');
    const handle = await openPglite({ dataDir: pgliteDir });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, [demoAccounts]);
    await handle.close();
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        DATA_DIR: join(dataDir, 'main'),
        SIGNING_KEK: TEST_KEK,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.resume();
    // A server that starts instead of refusing is stopped after a minute (the test then fails).
    const stop = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    clearTimeout(stop);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Refusing to start in production: these 6 accounts still have the published demo password/);
    expect(stderr).toContain('admin@bank.example');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
