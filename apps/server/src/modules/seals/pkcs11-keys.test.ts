/**
 * Keys in a PKCS#11 token (issue 25, "Keys no dump can use"; docs/decisions/0018-pkcs11-keys.md),
 * against SoftHSM2 (Debian's softhsm2): a fresh token in a temporary folder, the app started with
 * SIGNING_PKCS11_*, two seals approved and a contract signed by both parties through the API.
 * pdfsig, trusting only the authority downloaded from its public address, finds both signatures
 * valid and trusted; the database holds references and certificates, no key; every key in the
 * token is sensitive and was never extractable; a cancelled or expired seal's key leaves the token.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REVOCATION_PATHS, TRUST_ANCHOR_PATHS } from '@portal/shared/schemas/seals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { privateKeysIn } from '../../../test/private-keys.ts';
import { openssl, pdfsigReport, softhsm2Module, softhsm2Util } from '../../../test/require-tool.ts';
import { signingApi } from '../../../test/signing-scene.ts';
import { keyStoreFor } from '../../platform/signing/kek.ts';
import type { KeyPurpose } from '../../platform/signing/key-sealing.ts';
import { type Pkcs11KeyStore, parseReference } from '../../platform/signing/pkcs11.ts';
import { bootServer, StartRefusedError } from '../../start.ts';
import { signingAuthority } from './index.ts';
import { expireDueSeals } from './seals.service.ts';

const run = promisify(execFile);
const TOKEN = 'portal-test';
const PIN = '246810';

let dir: string;
let t: TestApp;
let store: Pkcs11KeyStore;
let api: ReturnType<typeof signingApi>;
let scene: Awaited<ReturnType<ReturnType<typeof signingApi>['signedByBoth']>>;
let pkcs11Env: Record<string, string>;

beforeAll(async () => {
  const util = softhsm2Util();
  const module = softhsm2Module();
  dir = await mkdtemp(join(tmpdir(), 'portal-pkcs11-'));
  await mkdir(join(dir, 'tokens'));
  await mkdir(join(dir, 'files'));
  const conf = join(dir, 'softhsm2.conf');
  await writeFile(
    conf,
    `directories.tokendir = ${join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n`,
  );
  // SoftHSM reads its configuration when the module is initialised: this process and the tool.
  process.env.SOFTHSM2_CONF = conf;
  await run(util, ['--init-token', '--free', '--label', TOKEN, '--pin', PIN, '--so-pin', '13579111'], {
    env: { ...process.env, SOFTHSM2_CONF: conf },
  });
  pkcs11Env = {
    STORAGE_DIR: join(dir, 'files'),
    SIGNING_PKCS11_MODULE: module,
    SIGNING_PKCS11_TOKEN_LABEL: TOKEN,
    SIGNING_PKCS11_PIN: PIN,
    ...(process.env.PKCS11_TEST_LOG ? { LOG_LEVEL: 'error' } : {}),
  };
  t = await buildTestApp(pkcs11Env);
  store = (await keyStoreFor(t.config)) as Pkcs11KeyStore;
  api = signingApi(t.app, t.database.db);
  scene = await api.signedByBoth(await api.reviewer());
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every stored key value of the database, with the purpose of its row. */
async function storedKeys(): Promise<Array<{ stored: Buffer; purpose: KeyPurpose }>> {
  const db = t.database.db;
  const authority = await db.selectFrom('signingAuthority').selectAll().executeTakeFirstOrThrow();
  const seals = await db
    .selectFrom('seal')
    .select(['lgcSn', 'privateKeySealed'])
    .where('privateKeySealed', 'is not', null)
    .execute();
  return [
    { stored: authority.privateKeySealed!, purpose: 'authority' },
    { stored: authority.portalPrivateKeySealed, purpose: 'portal' },
    { stored: authority.tsaPrivateKeySealed!, purpose: 'tsa' },
    ...seals.map((seal) => ({ stored: seal.privateKeySealed!, purpose: `seal:${seal.lgcSn}` as const })),
  ];
}

describe('signing keys in a PKCS#11 token (SoftHSM2)', { timeout: 60_000 }, () => {
  it('a contract signed by both parties through the API: pdfsig, trusting only the published authority, finds both valid and trusted', async () => {
    expect(store.kind).toBe('pkcs11');
    const authorityPem = join(dir, 'authority.pem');
    const published = await t.app.inject({ method: 'GET', url: TRUST_ANCHOR_PATHS.pem });
    expect(published.statusCode).toBe(200);
    await writeFile(authorityPem, published.body);
    const { stdout, blocks } = await pdfsigReport(dir, authorityPem, scene.fullySigned, ['-no-ocsp']);
    // Both parties' signatures, then the document timestamp (poppler prints it as "unknown").
    expect(blocks, stdout).toHaveLength(3);
    for (const block of blocks.slice(0, 2)) {
      expect(block).toContain('- Signature Validation: Signature is Valid.');
      expect(block).toContain('- Certificate Validation: Certificate is Trusted.');
    }
    // The seal certificates the token's authority key issued verify against the published authority.
    const sealPem = join(dir, 'seal.pem');
    const seal = await t.database.db
      .selectFrom('seal')
      .select('certificateDer')
      .where('lgcSn', '=', scene.publisherSeal)
      .executeTakeFirstOrThrow();
    await writeFile(sealPem, seal.certificateDer!);
    const verified = await run(openssl(), ['verify', '-CAfile', authorityPem, '-inform', 'DER', sealPem]).catch(
      // openssl 3 reads -inform for `verify` only from 3.2 on: convert first.
      async () => {
        await run(openssl(), ['x509', '-inform', 'DER', '-in', sealPem, '-out', `${sealPem}.pem`]);
        return run(openssl(), ['verify', '-CAfile', authorityPem, `${sealPem}.pem`]);
      },
    );
    expect(verified.stdout).toContain(': OK');

    // /verify agrees: intact and issued by the portal.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(scene.fullySigned)]), 'signed.pdf');
    const report = await t.app.inject({ method: 'POST', url: '/api/verify', payload: form });
    const signatures = report.json().data.signatures as Array<{ intact: boolean; issuedByPortal: boolean }>;
    expect(signatures.map((s) => [s.intact, s.issuedByPortal])).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it('the database holds references and certificates, and no value of any column parses as a private key', async () => {
    expect(await privateKeysIn(t.database.db)).toEqual([]);
    const keys = await storedKeys();
    // The authority, the portal, the timestamp authority and the two seals.
    expect(keys).toHaveLength(5);
    for (const { stored, purpose } of keys) {
      expect(parseReference(stored), purpose).toMatchObject({ token: TOKEN, object: `portal:${purpose}` });
      expect(Buffer.from(stored).toString('latin1')).toMatch(
        /^pkcs11:token=portal-test;id=(%[0-9a-f]{2}){16};object=portal:/,
      );
    }
  });

  it('every key is in the token, sensitive and never extractable: the token refuses its value', async () => {
    for (const { stored, purpose } of await storedKeys()) {
      const handle = store.token.find(stored, purpose);
      expect(handle, purpose).not.toBeNull();
      expect(store.token.protection(handle!), purpose).toEqual({
        sensitive: true,
        extractable: false,
        neverExtractable: true,
      });
      expect(() => store.token.tryReadValue(handle!), purpose).toThrow(/CKR_ATTRIBUTE_SENSITIVE/);
    }
    expect(store.token.countKeys()).toBe(5);
  });

  it('a reference copied into another row finds no key there: that seal cannot sign', async () => {
    const keys = await storedKeys();
    const portal = keys.find((key) => key.purpose === 'portal')!;
    const [seal] = keys.filter((key) => key.purpose.startsWith('seal:'));
    expect(store.token.find(portal.stored, seal!.purpose)).toBeNull();
    await expect(store.privateKey(portal.stored, seal!.purpose, new Uint8Array())).rejects.toThrow(
      /is not in token "portal-test"/,
    );
  });

  it('the CRL is signed in the token; a cancelled seal’s key, then an expired one’s, is destroyed there', async () => {
    const db = t.database.db;
    const keyOf = async (lgcSn: string) =>
      (await db.selectFrom('seal').select('privateKeySealed').where('lgcSn', '=', lgcSn).executeTakeFirstOrThrow())
        .privateKeySealed;
    const publisherKey = (await keyOf(scene.publisherSeal))!;
    const counterpartKey = (await keyOf(scene.counterpartSeal))!;

    const publisher = scene.deal.publisher;
    await api.forgetCodes(publisher.email);
    const code = await api.mailedCode(publisher, `/api/signet/seals/${scene.publisherSeal}/cancel-code`);
    const cancelled = await api.inject('POST', `/api/signet/seals/${scene.publisherSeal}/cancel`, publisher.cookie, {
      code,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await keyOf(scene.publisherSeal)).toBeNull();
    expect(store.token.find(publisherKey, `seal:${scene.publisherSeal}`)).toBeNull();
    expect(store.token.find(counterpartKey, `seal:${scene.counterpartSeal}`)).not.toBeNull();

    // The CRL, signed with the authority's key in the token, lists it and verifies with openssl.
    const crl = await t.app.inject({ method: 'GET', url: REVOCATION_PATHS.crl });
    expect(crl.statusCode).toBe(200);
    const crlFile = join(dir, 'portal.crl');
    await writeFile(crlFile, crl.rawPayload);
    const checked = await run(openssl(), [
      'crl',
      '-inform',
      'DER',
      '-in',
      crlFile,
      '-CAfile',
      join(dir, 'authority.pem'),
      '-noout',
      '-text',
    ]);
    expect(`${checked.stdout}${checked.stderr}`).toContain('verify OK');

    const far = new Date(Date.now() + 100 * 366 * 86_400_000);
    expect(await expireDueSeals(db, far, store)).toEqual({ expired: 1 });
    expect(await keyOf(scene.counterpartSeal)).toBeNull();
    expect(store.token.find(counterpartKey, `seal:${scene.counterpartSeal}`)).toBeNull();
    // The authority's, the portal's and the timestamp authority's keys remain.
    expect(store.token.countKeys()).toBe(3);
  });

  it('a start refuses the store other than the one the keys are in, naming it', async () => {
    const database = { ...t.database, close: async () => {} };
    const log = { info: () => undefined, warn: () => undefined };
    // Without the token: the keys are references to it, no KEK opens them.
    const kekStart = bootServer(testConfig({ STORAGE_DIR: join(dir, 'files') }), { database, log });
    await expect(kekStart).rejects.toBeInstanceOf(StartRefusedError);
    await expect(kekStart).rejects.toThrow(/are in a PKCS#11 token/);
    // With it: the start goes on, and the authority opens from the token.
    const started = await bootServer(testConfig(pkcs11Env), { database, log });
    await started.app.close();
    const authority = await signingAuthority(t.database.db, t.config);
    expect(authority.keyStore.kind).toBe('pkcs11');
  });
});
