/**
 * Keys in a PKCS#11 token (issue 25, "Keys no dump can use"; docs/decisions/0018-pkcs11-keys.md):
 * with SIGNING_PKCS11_MODULE the authority's, the portal's, the timestamp authority's and every
 * seal's private key is made inside the token (sensitive, not extractable) and signs there. The
 * database keeps only a reference, an RFC 7512 PKCS#11 URI naming the token, the key's CKA_ID and
 * its label (`pkcs11:token=…;id=%..;object=portal:seal:<lgcSn>;type=private`), and the certificate.
 *
 * The label is the row's purpose, as the associated data is for a sealed key: a reference copied
 * into another row finds no key there. The binding is `pkcs11js` (PeculiarVentures, the layer
 * graphene-pk11 is built on), loaded only when configured: the default KEK path never loads it.
 * Calls are synchronous on one logged-in session per process: an ECDSA P-256 signature takes
 * well under a millisecond in SoftHSM, and a synchronous call cannot interleave with another.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as Pkcs11 from 'pkcs11js';
import { type Config, ConfigError } from '../../config.ts';
import { type KeyPurpose, KeySealingError, type KeyStore } from './key-sealing.ts';
import { type ExternalPrivateKey, signerWith } from './pki.ts';

export type Pkcs11Config = NonNullable<Config['signingPkcs11']>;
type Module = typeof Pkcs11;

const URI_SCHEME = 'pkcs11:';
/** DER of the named curve P-256 (CKA_EC_PARAMS), and the SubjectPublicKeyInfo before its point. */
const P256_PARAMS = Buffer.from('06082a8648ce3d030107', 'hex');
const SPKI_P256_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');
const POINT_BYTES = 65;
const ID_BYTES = 16;

/** The label of a key's object in the token: its row's purpose. */
export const objectLabel = (purpose: KeyPurpose) => `portal:${purpose}`;

export type TokenReference = { token: string; id: Buffer; object: string };

/** Whether a stored value is a token reference (neither a sealed nor a plain key). */
export function isTokenReference(stored: Uint8Array): boolean {
  return Buffer.from(stored.subarray(0, URI_SCHEME.length)).toString('latin1') === URI_SCHEME;
}

/** RFC 7512 percent-encoding: every byte but the unreserved ones. */
const encode = (bytes: Buffer, all = false) =>
  [...bytes]
    .map((byte) =>
      !all && /[A-Za-z0-9\-._~:]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

function decode(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** The value the database keeps for a key in the token. */
export function referenceOf({ token, id, object }: TokenReference): Buffer {
  const uri = `${URI_SCHEME}token=${encode(Buffer.from(token, 'utf8'))};id=${encode(id, true)};object=${encode(Buffer.from(object, 'utf8'))};type=private`;
  return Buffer.from(uri, 'latin1');
}

/** A stored reference read back; null when it is not one. */
export function parseReference(stored: Uint8Array): TokenReference | null {
  if (!isTokenReference(stored)) return null;
  const fields = new Map(
    Buffer.from(stored)
      .toString('latin1')
      .slice(URI_SCHEME.length)
      .split(';')
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const),
  );
  const token = fields.get('token');
  const id = fields.get('id');
  const object = fields.get('object');
  if (token === undefined || id === undefined || object === undefined) return null;
  return { token: decode(token).toString('utf8'), id: decode(id), object: decode(object).toString('utf8') };
}

/** The uncompressed point of CKA_EC_POINT, which tokens give DER-wrapped (an OCTET STRING) or bare. */
function pointOf(value: Buffer): Buffer {
  if (value.length === POINT_BYTES + 2 && value[0] === 0x04 && value[1] === POINT_BYTES) return value.subarray(2);
  if (value.length === POINT_BYTES && value[0] === 0x04) return value;
  throw new KeySealingError('The token answered a public key that is not a P-256 point.');
}

const slotIdOf = (slot: Buffer): bigint => (slot.length >= 8 ? slot.readBigUInt64LE(0) : BigInt(slot.readUInt32LE(0)));

const modules = new Map<string, { lib: Module; p11: Pkcs11.PKCS11 }>();

/** The module loaded and initialised once per process and path. */
function loadModule(path: string): { lib: Module; p11: Pkcs11.PKCS11 } {
  const known = modules.get(path);
  if (known) return known;
  const lib = createRequire(import.meta.url)('pkcs11js') as Module;
  const p11 = new lib.PKCS11();
  try {
    p11.load(path);
    p11.C_Initialize();
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  SIGNING_PKCS11_MODULE: ${path} does not load as a PKCS#11 module (${(error as Error).message})`,
    );
  }
  const loaded = { lib, p11 };
  modules.set(path, loaded);
  return loaded;
}

/** One logged-in read-write session on the configured token. */
export class Pkcs11Token {
  private readonly lib: Module;
  private readonly p11: Pkcs11.PKCS11;
  private readonly session: Buffer;
  /** The token's label, blanks trimmed. */
  readonly label: string;
  readonly slotId: bigint;

  private constructor(lib: Module, p11: Pkcs11.PKCS11, session: Buffer, label: string, slotId: bigint) {
    this.lib = lib;
    this.p11 = p11;
    this.session = session;
    this.label = label;
    this.slotId = slotId;
  }

  static async open(config: Pkcs11Config): Promise<Pkcs11Token> {
    const { lib, p11 } = loadModule(config.module);
    const tokens = p11.C_GetSlotList(true).map((slot) => ({
      slot,
      id: slotIdOf(slot),
      label: p11.C_GetTokenInfo(slot).label.trim(),
    }));
    const found = tokens.find(
      (token) =>
        (config.slotId === null || token.id === config.slotId) &&
        (config.tokenLabel === null || token.label === config.tokenLabel),
    );
    if (!found) {
      const present = tokens.map((token) => `slot ${token.id} "${token.label}"`).join(', ') || 'none';
      throw new ConfigError(
        `Invalid configuration:\n  SIGNING_PKCS11_SLOT, SIGNING_PKCS11_TOKEN_LABEL: no such token in ${config.module} (tokens: ${present})`,
      );
    }
    const pin = config.pin.kind === 'value' ? config.pin.pin : (await readFile(config.pin.path, 'utf8')).trim();
    const session = p11.C_OpenSession(found.slot, lib.CKF_RW_SESSION | lib.CKF_SERIAL_SESSION);
    try {
      p11.C_Login(session, lib.CKU_USER, pin);
    } catch (error) {
      // Another session of this process logged in already (logins are per application and token).
      if (!/CKR_USER_ALREADY_LOGGED_IN/.test((error as Error).message)) {
        p11.C_CloseSession(session);
        throw new ConfigError(
          `Invalid configuration:\n  SIGNING_PKCS11_PIN: token "${found.label}" refused the log-in (${(error as Error).message})`,
        );
      }
    }
    return new Pkcs11Token(lib, p11, session, found.label, found.id);
  }

  /** A new P-256 key pair: the private key on the token (sensitive, never extractable), the public key read and dropped. */
  generate(purpose: KeyPurpose): { reference: Buffer; handle: Buffer; publicKeySpki: Uint8Array } {
    const { lib, p11, session } = this;
    const id = randomBytes(ID_BYTES);
    const label = objectLabel(purpose);
    const keys = p11.C_GenerateKeyPair(
      session,
      { mechanism: lib.CKM_EC_KEY_PAIR_GEN },
      [
        { type: lib.CKA_CLASS, value: lib.CKO_PUBLIC_KEY },
        { type: lib.CKA_KEY_TYPE, value: lib.CKK_EC },
        { type: lib.CKA_TOKEN, value: false },
        { type: lib.CKA_VERIFY, value: true },
        { type: lib.CKA_EC_PARAMS, value: P256_PARAMS },
        { type: lib.CKA_ID, value: id },
        { type: lib.CKA_LABEL, value: label },
      ],
      [
        { type: lib.CKA_CLASS, value: lib.CKO_PRIVATE_KEY },
        { type: lib.CKA_KEY_TYPE, value: lib.CKK_EC },
        { type: lib.CKA_TOKEN, value: true },
        { type: lib.CKA_PRIVATE, value: true },
        { type: lib.CKA_SENSITIVE, value: true },
        { type: lib.CKA_EXTRACTABLE, value: false },
        { type: lib.CKA_SIGN, value: true },
        { type: lib.CKA_DERIVE, value: false },
        { type: lib.CKA_ID, value: id },
        { type: lib.CKA_LABEL, value: label },
      ],
    );
    try {
      const [point] = p11.C_GetAttributeValue(session, keys.publicKey, [{ type: lib.CKA_EC_POINT }]);
      const publicKeySpki = new Uint8Array(Buffer.concat([SPKI_P256_PREFIX, pointOf(point?.value ?? Buffer.alloc(0))]));
      return {
        reference: referenceOf({ token: this.label, id, object: label }),
        handle: keys.privateKey,
        publicKeySpki,
      };
    } catch (error) {
      p11.C_DestroyObject(session, keys.privateKey);
      throw error;
    } finally {
      p11.C_DestroyObject(session, keys.publicKey);
    }
  }

  /** The private key a reference names on this token, found by its id and the label of `purpose`; null when it is not there. */
  find(stored: Uint8Array, purpose: KeyPurpose): Buffer | null {
    const reference = parseReference(stored);
    if (!reference) {
      throw new KeySealingError(
        `The private key of ${purpose} is not in the PKCS#11 token: the database holds a sealed or plain key for it (docs/operations.md).`,
      );
    }
    if (reference.token !== this.label) {
      throw new KeySealingError(
        `The private key of ${purpose} is in token "${reference.token}", not in the configured one ("${this.label}").`,
      );
    }
    const { lib, p11, session } = this;
    p11.C_FindObjectsInit(session, [
      { type: lib.CKA_CLASS, value: lib.CKO_PRIVATE_KEY },
      { type: lib.CKA_ID, value: reference.id },
      { type: lib.CKA_LABEL, value: objectLabel(purpose) },
    ]);
    try {
      const found = p11.C_FindObjects(session, 2);
      if (found.length > 1) throw new KeySealingError(`The token holds more than one key for ${purpose}.`);
      return found[0] ?? null;
    } finally {
      p11.C_FindObjectsFinal(session);
    }
  }

  /** ECDSA over a digest with a key of the token: r‖s. */
  signDigest(handle: Buffer, digest: Uint8Array): Uint8Array {
    const { lib, p11, session } = this;
    p11.C_SignInit(session, { mechanism: lib.CKM_ECDSA }, handle);
    return new Uint8Array(p11.C_Sign(session, Buffer.from(digest), Buffer.alloc(2 * 66)));
  }

  /** What the token says of a key's protection (the tests read it). */
  protection(handle: Buffer): { sensitive: boolean; extractable: boolean; neverExtractable: boolean } {
    const { lib, p11, session } = this;
    const values = p11.C_GetAttributeValue(session, handle, [
      { type: lib.CKA_SENSITIVE },
      { type: lib.CKA_EXTRACTABLE },
      { type: lib.CKA_NEVER_EXTRACTABLE },
    ]);
    const flag = (i: number) => (values[i]?.value[0] ?? 0) !== 0;
    return { sensitive: flag(0), extractable: flag(1), neverExtractable: flag(2) };
  }

  /** The key's value as the token gives it: it refuses a sensitive key (the tests check that it does). */
  tryReadValue(handle: Buffer): Buffer {
    const [value] = this.p11.C_GetAttributeValue(this.session, handle, [{ type: this.lib.CKA_VALUE }]);
    return value?.value ?? Buffer.alloc(0);
  }

  destroy(handle: Buffer): void {
    this.p11.C_DestroyObject(this.session, handle);
  }

  /** How many private keys of this portal (labelled `portal:…`) the token holds. */
  countKeys(): number {
    const { lib, p11, session } = this;
    p11.C_FindObjectsInit(session, [{ type: lib.CKA_CLASS, value: lib.CKO_PRIVATE_KEY }]);
    try {
      const found = p11.C_FindObjects(session, 10_000);
      return found.filter((handle) => {
        const [label] = p11.C_GetAttributeValue(session, handle, [{ type: lib.CKA_LABEL }]);
        return (label?.value.toString('utf8') ?? '').startsWith('portal:');
      }).length;
    } finally {
      p11.C_FindObjectsFinal(session);
    }
  }
}

export interface Pkcs11KeyStore extends KeyStore {
  readonly kind: 'pkcs11';
  readonly token: Pkcs11Token;
}

function tokenKey(token: Pkcs11Token, handle: Buffer): ExternalPrivateKey {
  return {
    type: 'private',
    algorithm: { name: 'ECDSA', namedCurve: 'P-256' },
    extractable: false,
    usages: ['sign'],
    signDigest: async (digest) => token.signDigest(handle, digest),
  };
}

export function pkcs11KeyStore(token: Pkcs11Token): Pkcs11KeyStore {
  const keyOf = (stored: Uint8Array, purpose: KeyPurpose): ExternalPrivateKey => {
    const handle = token.find(stored, purpose);
    if (!handle) {
      throw new KeySealingError(
        `The private key of ${purpose} is not in token "${token.label}": it was destroyed, or its reference was copied from another row.`,
      );
    }
    return tokenKey(token, handle);
  };
  const refuse = (): never => {
    throw new KeySealingError(
      'Keys in the PKCS#11 token are made there and never leave it: none is sealed nor opened.',
    );
  };
  return {
    kind: 'pkcs11',
    token,
    generate: async (purpose) => {
      const made = token.generate(purpose);
      return { publicKeySpki: made.publicKeySpki, stored: made.reference, privateKey: tokenKey(token, made.handle) };
    },
    privateKey: async (stored, purpose) => keyOf(stored, purpose),
    signer: async (stored, purpose, certificate) => signerWith({ privateKey: keyOf(stored, purpose), ...certificate }),
    destroy: async (stored, purpose) => {
      if (!isTokenReference(stored)) return;
      const handle = token.find(stored, purpose);
      if (handle) token.destroy(handle);
    },
    seal: refuse,
    unseal: refuse,
  };
}

const stores = new Map<string, Promise<Pkcs11KeyStore>>();

/** The store of the configured token: opened (and logged in) once per process and token. */
export function openPkcs11KeyStore(config: Pkcs11Config): Promise<Pkcs11KeyStore> {
  const key = `${config.module}\n${config.slotId ?? ''}\n${config.tokenLabel ?? ''}`;
  let store = stores.get(key);
  if (!store) {
    store = Pkcs11Token.open(config).then(pkcs11KeyStore);
    store.catch(() => stores.delete(key));
    stores.set(key, store);
  }
  return store;
}
