/**
 * Private keys at rest (issue 25, "Keys no dump can use"; docs/decisions/0014-sealed-signing-keys.md):
 * every private key the database holds (the authority's, the portal's evidence key, each seal's)
 * is sealed with AES-256-GCM under a key-encryption key (KEK) that lives outside the database
 * (platform/signing/kek.ts). A dump or backup of the database alone signs nothing.
 *
 * Sealed format, byte by byte:
 *   [0]      version, 0x01 (never 0x30, the first byte of a PKCS#8 key: a plain key is told apart)
 *   [1..8]   the KEK's id: the first 8 bytes of SHA-256 of the KEK (which KEK sealed the row)
 *   [9..20]  the 12-byte GCM nonce, random per sealing
 *   [21..36] the 16-byte GCM tag
 *   [37..]   the encrypted PKCS#8 key
 * The associated data binds the sealed key to its header and to the row it belongs to (its
 * purpose: 'authority', 'portal', 'tsa' or 'seal:<lgcSn>'), so a sealed key copied to another row does
 * not open there.
 *
 * Key access goes through `KeyStore`: making a key, signing with a stored one, destroying one.
 * The PKCS#11 store (pkcs11.ts) implements the same with keys that never leave the token.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Signer } from '@libpdf/core';
import {
  type CertifiedKey,
  generateKeyPair,
  importPrivateKey,
  issueCertificate,
  parseCertificate,
  type RevocationUrls,
  type SigningKey,
  type SubjectName,
  serialHexOf,
  signerFor,
} from './pki.ts';

export const KEK_BYTES = 32;
const VERSION = 0x01;
const KEK_ID_BYTES = 8;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + KEK_ID_BYTES + NONCE_BYTES + TAG_BYTES;

/** The row a sealed key belongs to: the associated data of its sealing. */
export type KeyPurpose = 'authority' | 'portal' | 'tsa' | `seal:${string}`;

/** A key that does not open: the wrong KEK, a changed or moved value, or not sealed at all. */
export class KeySealingError extends Error {}

export type Kek = { readonly key: Buffer; readonly id: string };

/** The KEK's id, lower-case hex (16 digits): `base64 -d kek | sha256sum | cut -c1-16` prints it. */
export function kekIdOf(key: Uint8Array): string {
  return createHash('sha256').update(key).digest().subarray(0, KEK_ID_BYTES).toString('hex');
}

export function kekOf(key: Uint8Array): Kek {
  if (key.length !== KEK_BYTES) {
    throw new KeySealingError(`a key-encryption key is ${KEK_BYTES} bytes, not ${key.length}`);
  }
  return { key: Buffer.from(key), id: kekIdOf(key) };
}

export function newKek(): Kek {
  return kekOf(randomBytes(KEK_BYTES));
}

const associatedData = (header: Buffer, purpose: KeyPurpose) =>
  Buffer.concat([header, Buffer.from(`portal-private-key:${purpose}`, 'utf8')]);

export function sealKey(kek: Kek, privateKeyPkcs8: Uint8Array, purpose: KeyPurpose): Buffer {
  const header = Buffer.concat([Buffer.of(VERSION), Buffer.from(kek.id, 'hex')]);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek.key, nonce);
  cipher.setAAD(associatedData(header, purpose));
  const body = Buffer.concat([cipher.update(privateKeyPkcs8), cipher.final()]);
  return Buffer.concat([header, nonce, cipher.getAuthTag(), body]);
}

/** Whether a stored value is in the sealed format (a plain PKCS#8 key is not). */
export function isSealed(stored: Uint8Array): boolean {
  return stored.length > HEADER_BYTES && stored[0] === VERSION;
}

/** The id of the KEK that sealed `stored`; null when it is not sealed. */
export function sealedKekId(stored: Uint8Array): string | null {
  return isSealed(stored) ? Buffer.from(stored.subarray(1, 1 + KEK_ID_BYTES)).toString('hex') : null;
}

export function unsealKey(kek: Kek, stored: Uint8Array, purpose: KeyPurpose): Uint8Array {
  const bytes = Buffer.from(stored);
  const id = sealedKekId(bytes);
  if (id === null) throw new KeySealingError(`The stored private key of ${purpose} is not sealed.`);
  if (id !== kek.id) {
    throw new KeySealingError(
      `The private key of ${purpose} was sealed under key-encryption key ${id}, not under the configured one (${kek.id}).`,
    );
  }
  const header = bytes.subarray(0, 1 + KEK_ID_BYTES);
  const nonce = bytes.subarray(header.length, header.length + NONCE_BYTES);
  const tag = bytes.subarray(header.length + NONCE_BYTES, HEADER_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek.key, nonce);
    decipher.setAAD(associatedData(header, purpose));
    decipher.setAuthTag(tag);
    return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]));
  } catch {
    throw new KeySealingError(
      `The private key of ${purpose} does not open under key-encryption key ${kek.id}: it was changed, or sealed for another row.`,
    );
  }
}

/**
 * Everything the portal does with a private key it keeps (docs/decisions/0018-pkcs11-keys.md):
 * makes one, signs with one, destroys one. Two stores implement it, chosen at start from the
 * configuration (kek.ts, `keyStoreFor`): keys sealed under the KEK (`kekKeyStore`, the default),
 * or keys made in a PKCS#11 token that never leave it (pkcs11.ts). The database keeps what
 * `generate` answers as `stored`: the sealed key, or the token's reference to it.
 */
export interface KeyStore {
  readonly kind: 'kek' | 'pkcs11';
  /** A new ECDSA P-256 key pair for `purpose`: its public key (DER SubjectPublicKeyInfo), its value as stored, and the key to sign with now. */
  generate(purpose: KeyPurpose): Promise<{ publicKeySpki: Uint8Array; stored: Buffer; privateKey: SigningKey }>;
  /** The key of a stored value, to sign with (`certificateDer`: its certificate); throws KeySealingError when it does not open. */
  privateKey(stored: Uint8Array, purpose: KeyPurpose, certificateDer: Uint8Array): Promise<SigningKey>;
  /** A PDF signer over a stored key and its certificate (with `chain` up to the root). */
  signer(
    stored: Uint8Array,
    purpose: KeyPurpose,
    certificate: { certificateDer: Uint8Array; chain: Uint8Array[] },
  ): Promise<Signer>;
  /**
   * Destroys the key of a stored value (a cancelled or expired seal's): the token's object; for a
   * sealed key nothing, the row's value being set to null is its end.
   */
  destroy(stored: Uint8Array, purpose: KeyPurpose): Promise<void>;
  /** A key made elsewhere (PKCS#8), as it is stored for `purpose`. The token store refuses: it keeps only keys it made. */
  seal(privateKeyPkcs8: Uint8Array, purpose: KeyPurpose): Buffer;
  /** A stored key of `purpose`, opened (PKCS#8). The token store refuses: its keys never leave it. */
  unseal(stored: Uint8Array, purpose: KeyPurpose): Uint8Array;
}

/** The default store: keys sealed under a KEK held by this process. */
export interface KekKeyStore extends KeyStore {
  readonly kind: 'kek';
  /** The id of the KEK new keys are sealed under. */
  readonly kekId: string;
}

export function kekKeyStore(kek: Kek): KekKeyStore {
  const store: KekKeyStore = {
    kind: 'kek',
    kekId: kek.id,
    generate: async (purpose) => {
      const keys = await generateKeyPair();
      const privateKeyPkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
      const publicKeySpki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
      return {
        publicKeySpki,
        stored: sealKey(kek, privateKeyPkcs8, purpose),
        privateKey: await importPrivateKey(privateKeyPkcs8, null),
      };
    },
    privateKey: async (stored, purpose, certificateDer) =>
      importPrivateKey(unsealKey(kek, stored, purpose), parseCertificate(certificateDer)),
    seal: (privateKeyPkcs8, purpose) => sealKey(kek, privateKeyPkcs8, purpose),
    unseal: (stored, purpose) => unsealKey(kek, stored, purpose),
    signer: async (stored, purpose, certificate) =>
      signerFor({ privateKeyPkcs8: store.unseal(stored, purpose), ...certificate }),
    destroy: async () => undefined,
  };
  return store;
}

/**
 * A key pair made by `keyStore` for `purpose` and its certificate from `authority`: the value to
 * store (a sealed key or the token's reference), never the private key itself.
 */
export async function issueWithStore(
  authority: CertifiedKey,
  keyStore: KeyStore,
  purpose: KeyPurpose,
  certificate: {
    subject: SubjectName;
    notBefore: Date;
    notAfter: Date;
    kind: 'seal' | 'portal' | 'tsa';
    revocation?: RevocationUrls | undefined;
  },
): Promise<{ certificateDer: Uint8Array; serialHex: string; stored: Buffer }> {
  const keys = await keyStore.generate(purpose);
  try {
    const certificateDer = await issueCertificate(authority, { ...certificate, publicKey: keys.publicKeySpki });
    return { certificateDer, serialHex: serialHexOf(parseCertificate(certificateDer)), stored: keys.stored };
  } catch (error) {
    await keyStore.destroy(keys.stored, purpose);
    throw error;
  }
}
