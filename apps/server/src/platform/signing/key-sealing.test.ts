import { createHash, createPrivateKey } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config.ts';
import { loadKek } from './kek.ts';
import { KeySealingError, kekKeyStore, kekOf, newKek, sealedKekId, sealKey, unsealKey } from './key-sealing.ts';
import { createAuthority } from './pki.ts';

const { privateKeyPkcs8 } = await createAuthority({ commonName: 'Sealing CA', organization: 'Test', validYears: 1 });
const kek = newKek();
const dir = await mkdtemp(join(tmpdir(), 'portal-kek-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sealing a private key under the KEK', () => {
  it('opens again for its own row; the stored bytes are no PKCS#8 key and name the KEK that sealed them', () => {
    const sealed = sealKey(kek, privateKeyPkcs8, 'seal:abc');
    expect(Buffer.from(unsealKey(kek, sealed, 'seal:abc')).equals(Buffer.from(privateKeyPkcs8))).toBe(true);
    expect(() => createPrivateKey({ key: sealed, format: 'der', type: 'pkcs8' })).toThrow();
    expect(sealed[0]).toBe(1);
    expect(sealedKekId(sealed)).toBe(createHash('sha256').update(kek.key).digest('hex').slice(0, 16));
    // Random nonce: the same key sealed twice is stored differently.
    expect(sealKey(kek, privateKeyPkcs8, 'seal:abc').equals(sealed)).toBe(false);
  });

  it('does not open when copied to another row', () => {
    const sealed = sealKey(kek, privateKeyPkcs8, 'seal:abc');
    expect(() => unsealKey(kek, sealed, 'seal:abd')).toThrow(KeySealingError);
    expect(() => unsealKey(kek, sealed, 'authority')).toThrow(/sealed for another row/);
  });

  it('does not open under another KEK, and says which KEK sealed it', () => {
    const sealed = sealKey(kek, privateKeyPkcs8, 'portal');
    const other = newKek();
    expect(() => unsealKey(other, sealed, 'portal')).toThrow(
      `sealed under key-encryption key ${kek.id}, not under the configured one (${other.id})`,
    );
  });

  it('does not open once a byte is changed, nor when it is a plain key', () => {
    const sealed = sealKey(kek, privateKeyPkcs8, 'portal');
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] as number) ^ 1;
    expect(() => unsealKey(kek, sealed, 'portal')).toThrow(KeySealingError);
    expect(() => unsealKey(kek, privateKeyPkcs8, 'portal')).toThrow('is not sealed');
  });

  it('gives signers over stored keys (the KeyStore a PKCS#11 store would replace)', async () => {
    const store = kekKeyStore(kek);
    const ca = await createAuthority({ commonName: 'Signer CA', organization: 'Test', validYears: 1 });
    const signer = await store.signer(store.seal(ca.privateKeyPkcs8, 'authority'), 'authority', {
      certificateDer: ca.certificateDer,
      chain: [],
    });
    expect(signer.certificate).toEqual(ca.certificateDer);
  });
});

describe('where the KEK comes from', () => {
  const config = (env: Record<string, string>) => parseConfig({ LOG_LEVEL: 'silent', ...env });

  it('outside production, the first start makes <DATA_DIR>/keys/signing-kek, readable by its owner only', async () => {
    const dataDir = join(dir, 'dev');
    const loaded = await loadKek(config({ DATA_DIR: dataDir }));
    const file = join(dataDir, 'keys', 'signing-kek');
    expect(loaded.createdFile).toBe(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'keys'))).mode & 0o777).toBe(0o700);
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    expect(kekOf(key).id).toBe(loaded.kek.id);
  });

  it('a production start refuses without SIGNING_KEK, SIGNING_KEK_FILE or the file, and makes none', async () => {
    const dataDir = join(dir, 'production');
    const refusal = loadKek(config({ NODE_ENV: 'production', DATA_DIR: dataDir }));
    await expect(refusal).rejects.toThrow(ConfigError);
    await expect(refusal).rejects.toThrow(/SIGNING_KEK, SIGNING_KEK_FILE: one must be set in production/);
    await expect(stat(join(dataDir, 'keys', 'signing-kek'))).rejects.toThrow(/ENOENT/);
  });

  it('production takes an existing file, SIGNING_KEK_FILE or SIGNING_KEK', async () => {
    const key = newKek();
    const file = join(dir, 'given-kek');
    await writeFile(file, `${key.key.toString('base64')}\n`, { mode: 0o600 });
    const fromFile = await loadKek(config({ NODE_ENV: 'production', SIGNING_KEK_FILE: file }));
    expect(fromFile).toMatchObject({ file, createdFile: null, looseMode: false });
    expect(fromFile.kek.id).toBe(key.id);
    const fromValue = await loadKek(config({ NODE_ENV: 'production', SIGNING_KEK: key.key.toString('base64') }));
    expect(fromValue.kek.id).toBe(key.id);
  });

  it('refuses a configured file that is missing or holds anything but 32 bytes of base64, and both variables at once', async () => {
    await expect(loadKek(config({ SIGNING_KEK_FILE: join(dir, 'missing') }))).rejects.toThrow(/does not exist/);
    const bad = join(dir, 'bad-kek');
    await writeFile(bad, 'not a key\n');
    await expect(loadKek(config({ SIGNING_KEK_FILE: bad }))).rejects.toThrow(/must hold 32 bytes, base64/);
    expect(() => config({ SIGNING_KEK: 'c2hvcnQ=' })).toThrow(/SIGNING_KEK: must be 32 bytes, base64/);
    expect(() => config({ SIGNING_KEK: newKek().key.toString('base64'), SIGNING_KEK_FILE: bad })).toThrow(
      /set one of them, not both/,
    );
  });
});
