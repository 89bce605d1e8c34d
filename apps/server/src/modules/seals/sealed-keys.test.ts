/**
 * Keys no dump can use (issue 25): after the demo seed and a signing, no column of the database
 * holds a private key that opens without the KEK; a sealed key copied to another row does not
 * open; a start with another KEK is refused before anything signs; keys stored in plain form are
 * sealed at start; a rotation reseals every key and signing goes on.
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../../../test/helpers.ts';
import { parsesAsPrivateKeyDer, privateKeysIn, textHoldsPrivateKey } from '../../../test/private-keys.ts';
import { signingApi } from '../../../test/signing-scene.ts';
import { SEED_STEPS, seedDemoData } from '../../db/seed/index.ts';
import { LocalDiskStorage } from '../../platform/files/storage.ts';
import { KeySealingError, kekOf, newKek, sealedKekId } from '../../platform/signing/key-sealing.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';
import { bootServer, StartRefusedError } from '../../start.ts';
import { findUsableSeals, rotateKek, signingAuthority } from './index.ts';

const dir = await mkdtemp(join(tmpdir(), 'portal-sealed-keys-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const kekFile = join(dir, 'signing-kek');
const firstKek = newKek();
await writeFile(kekFile, `${firstKek.key.toString('base64')}\n`, { mode: 0o600 });
const env = { STORAGE_DIR: join(dir, 'files'), SIGNING_KEK: '', SIGNING_KEK_FILE: kekFile };
const { app, database, config } = await buildTestApp(env);
const db = database.db;
const storage = new LocalDiskStorage(config.storageDir);
const api = signingApi(app, db);

// The whole demo data, as a first start loads it.
await seedDemoData(db, SEED_STEPS, {
  storage,
  signingAuthority: await signingAuthority(db, config),
});
const reviewer = await api.reviewer();

/** A contract signed through the API by both sides, each with a seal approved for the occasion. */
async function signContract() {
  const deal = await api.agreedDeal();
  const seals = [
    await api.effectiveSeal(deal.publisher, reviewer),
    await api.effectiveSeal(deal.counterpart, reviewer),
  ];
  const id = deal.intentionLgcSn;
  expect((await api.uploadContract(deal.publisher.cookie, id, await makeTestPdf(1))).statusCode).toBe(200);
  expect((await api.inject('POST', `/api/contracts/${id}/confirm`, deal.counterpart.cookie)).statusCode).toBe(200);
  for (const [who, seal] of [
    [deal.publisher, seals[0]],
    [deal.counterpart, seals[1]],
  ] as const) {
    const signed = await api.sign(who, id, [{ sealLgcSn: seal, page: 1, x: 0.3, y: 0.5 }]);
    expect(signed.statusCode, signed.body).toBe(200);
  }
  return { deal, seals };
}
const first = await signContract();

function opensAsPkcs8(bytes: Uint8Array): boolean {
  try {
    createPrivateKey({ key: Buffer.from(bytes), format: 'der', type: 'pkcs8' });
    return true;
  } catch {
    return false;
  }
}

async function storedKeyValues() {
  const authority = await db.selectFrom('signingAuthority').selectAll().executeTakeFirstOrThrow();
  const seals = await db
    .selectFrom('seal')
    .select(['lgcSn', 'state', 'privateKeySealed'])
    .where('privateKeySealed', 'is not', null)
    .execute();
  return [
    authority.privateKeySealed!,
    authority.portalPrivateKeySealed,
    authority.tsaPrivateKeySealed!,
    ...seals.map((s) => s.privateKeySealed!),
  ];
}

/** bootServer on this file's database (kept open: the app's close would close it). */
async function boot(overrides: Record<string, string> = {}) {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
  const started = await bootServer(testConfig({ ...env, ...overrides }), {
    database: { ...database, close: async () => {} },
    log,
  });
  await started.app.close();
  return lines;
}

describe('the search for private keys in a dump', () => {
  it('finds a key in each form an attacker would try: PKCS#8, PKCS#1, SEC1, base64 and PEM', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(parsesAsPrivateKeyDer(ec.export({ format: 'der', type: 'pkcs8' }))).toBe(true);
    expect(parsesAsPrivateKeyDer(ec.export({ format: 'der', type: 'sec1' }))).toBe(true);
    expect(parsesAsPrivateKeyDer(rsa.export({ format: 'der', type: 'pkcs1' }))).toBe(true);
    expect(textHoldsPrivateKey(`{"k":"${ec.export({ format: 'der', type: 'sec1' }).toString('base64')}"}`)).toBe(true);
    expect(textHoldsPrivateKey(`note: ${ec.export({ format: 'pem', type: 'pkcs8' })}`)).toBe(true);
    expect(textHoldsPrivateKey(String(rsa.export({ format: 'pem', type: 'pkcs1' })))).toBe(true);
    // A sealed key is none of them.
    const sealed = (await storedKeyValues())[0]!;
    expect([parsesAsPrivateKeyDer(sealed), textHoldsPrivateKey(sealed.toString('base64'))]).toEqual([false, false]);
  });
});

describe('the private keys in the database', () => {
  it('after the demo seed and a signing, no column of any table holds a key that opens without the KEK', async () => {
    // Every bytea, text and JSON value of every table, tried as PKCS#8, PKCS#1 and SEC1 (DER, base64, PEM).
    expect(await privateKeysIn(db)).toEqual([]);
    // What is there is sealed under the configured KEK (and would be found, opened).
    const stored = await storedKeyValues();
    expect(stored.length).toBeGreaterThanOrEqual(2 + 3 + 2);
    expect(new Set(stored.map(sealedKekId))).toEqual(new Set([firstKek.id]));
    const authority = await signingAuthority(db, config);
    expect(opensAsPkcs8(authority.keyStore.unseal(stored[1]!, 'portal'))).toBe(true);
    // The demo's cancelled and expired seals keep their certificates, not their keys.
    const ended = await db.selectFrom('seal').selectAll().where('state', 'in', ['cancelled', 'expired']).execute();
    expect(ended.length).toBeGreaterThan(0);
    for (const seal of ended) expect([seal.certificateDer !== null, seal.privateKeySealed]).toEqual([true, null]);
  });

  it('a sealed key copied to another seal does not open there: that seal cannot sign', async () => {
    const [mine, other] = first.seals;
    const row = (lgcSn: string) =>
      db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirstOrThrow();
    const original = (await row(other!)).privateKeySealed;
    await db
      .updateTable('seal')
      .set({ privateKeySealed: (await row(mine!)).privateKeySealed })
      .where('lgcSn', '=', other!)
      .execute();
    try {
      const deps = { db, config, storage };
      const [usable] = await findUsableSeals(
        deps,
        { institutionId: first.deal.counterpart.institutionId, userId: first.deal.counterpart.id },
        [other!],
        new Date(),
      );
      await expect(usable!.signer()).rejects.toThrow(KeySealingError);
      await expect(usable!.signer()).rejects.toThrow(`The private key of seal:${other} does not open`);
    } finally {
      await db.updateTable('seal').set({ privateKeySealed: original }).where('lgcSn', '=', other!).execute();
    }
  });

  it('keys stored in plain form (before migration 0012) are sealed at start, and open to what they were', async () => {
    const authority = await signingAuthority(db, config);
    const [, seal] = first.seals;
    const sealRow = await db.selectFrom('seal').selectAll().where('lgcSn', '=', seal!).executeTakeFirstOrThrow();
    const plainSealKey = Buffer.from(authority.keyStore.unseal(sealRow.privateKeySealed!, `seal:${seal}`));
    const authorityRow = await db.selectFrom('signingAuthority').selectAll().executeTakeFirstOrThrow();
    const plainPortalKey = Buffer.from(authority.keyStore.unseal(authorityRow.portalPrivateKeySealed, 'portal'));
    await db.updateTable('signingAuthority').set({ portalPrivateKeySealed: plainPortalKey }).execute();
    await db.updateTable('seal').set({ privateKeySealed: plainSealKey }).where('lgcSn', '=', seal!).execute();
    // In any order: information_schema lists columns in no order of ours.
    expect((await privateKeysIn(db)).sort()).toEqual([
      'seal.private_key_sealed',
      'signing_authority.portal_private_key_sealed',
    ]);

    expect(await boot()).toContain(
      `Sealed 2 private keys stored in plain form under key-encryption key ${firstKek.id}.`,
    );
    expect(await privateKeysIn(db)).toEqual([]);
    const reloaded = await signingAuthority(db, config);
    const resealedAuthority = await db.selectFrom('signingAuthority').selectAll().executeTakeFirstOrThrow();
    expect(
      Buffer.from(reloaded.keyStore.unseal(resealedAuthority.portalPrivateKeySealed, 'portal')).equals(plainPortalKey),
    ).toBe(true);
    const resealed = await db.selectFrom('seal').selectAll().where('lgcSn', '=', seal!).executeTakeFirstOrThrow();
    expect(Buffer.from(reloaded.keyStore.unseal(resealed.privateKeySealed!, `seal:${seal}`)).equals(plainSealKey)).toBe(
      true,
    );
  });
});

describe('rotating the key-encryption key', () => {
  it('reseals every key under the new KEK in the file, keeps the old one retired, and signing goes on', async () => {
    const before = await storedKeyValues();
    const rotation = await rotateKek(db, config, null);
    expect(rotation).toMatchObject({ from: firstKek.id, resealed: before.length, kekFile });
    const newId = kekOf(Buffer.from((await readFile(kekFile, 'utf8')).trim(), 'base64')).id;
    expect(rotation.to).toBe(newId);
    expect(rotation.retiredFile).toBe(`${kekFile}.${firstKek.id}.retired`);
    expect((await readFile(rotation.retiredFile!, 'utf8')).trim()).toBe(firstKek.key.toString('base64'));
    expect(new Set((await storedKeyValues()).map(sealedKekId))).toEqual(new Set([newId]));
    expect(await privateKeysIn(db)).toEqual([]);

    // The running app signs with the resealed keys; a new start with the new file is as before.
    await signContract();
    expect(await boot()).toEqual([]);
  });

  it('a start with another KEK (here the retired one) is refused at start, naming both', async () => {
    const current = kekOf(Buffer.from((await readFile(kekFile, 'utf8')).trim(), 'base64'));
    const refusal = boot({ SIGNING_KEK_FILE: '', SIGNING_KEK: firstKek.key.toString('base64') });
    await expect(refusal).rejects.toThrow(StartRefusedError);
    await expect(refusal).rejects.toThrow(`were sealed under key-encryption key ${current.id} (`);
    await expect(refusal).rejects.toThrow(`but the configured one is ${firstKek.id}`);
  });

  it('with SIGNING_KEK, takes the new key given (the operator’s secret store keeps it), and refuses to make one', async () => {
    const current = (await readFile(kekFile, 'utf8')).trim();
    const fromValue = testConfig({ SIGNING_KEK: current });
    await expect(rotateKek(db, fromValue, null)).rejects.toThrow(/SIGNING_KEK is set: .*--new-kek-file/);
    const given = newKek();
    const rotation = await rotateKek(db, fromValue, given);
    expect(rotation).toMatchObject({ to: given.id, kekFile: null, retiredFile: null });
    expect(new Set((await storedKeyValues()).map(sealedKekId))).toEqual(new Set([given.id]));
    // The file still holds the previous key: this database now starts with the new value only.
    await expect(boot()).rejects.toThrow(StartRefusedError);
    expect(await boot({ SIGNING_KEK_FILE: '', SIGNING_KEK: given.key.toString('base64') })).toEqual([]);
  });
});
